// Package tasks is the one task table: task type names, payloads (ids, not objects) and
// constructors that set queue, retries, timeout and TaskID. The api, worker, scheduler and
// services enqueue through it; it imports nothing of the domain.
package tasks

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/hibiken/asynq"
)

// Queues of the worker's asynq servers.
const (
	QueueCritical = "critical" // user-facing sends
	QueueDefault  = "default"
	QueueLow      = "low" // housekeeping: served by a server of its own, asked less often
)

// QueueWeights is the weighted priority of the worker's hot queues (not QueueLow).
var QueueWeights = map[string]int{QueueCritical: 6, QueueDefault: 3}

// Task types.
const (
	TypeMailSend         = "mail:send"
	TypeUsersMarkOffline = "users:mark-offline"
	TypeMessageSend      = "message:send"
	TypeMessageAction    = "message:action"
	TypeInboundProcess   = "inbound:process"
	TypeReconcile        = "messages:reconcile"
	TypeSandboxReceipts  = "sandbox:receipts"
	TypeMetaWebhook      = "meta:webhook"
	TypeMetaMedia        = "meta:media"
	TypeWhatsAppSession  = "whatsapp:session"
	TypeCloseImported    = "connections:close-imported"
	// The ticket timers (pkg/timers), one task per cron tick each.
	TypeTimerInactivity = "timers:inactivity"
	TypeTimerNPS        = "timers:nps-expiry"
	TypeTimerRedirect   = "timers:redirect"
	TypeTimerRotation   = "timers:rotation"
	TypeTimerOutOfHour  = "timers:out-of-hour"
	TypeTimerAutoClose  = "timers:auto-close"
)

// Enqueuer is what producers need; *asynq.Client satisfies it.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, t *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Enqueue enqueues t, treating a TaskID conflict (the same work already queued) as success.
func Enqueue(ctx context.Context, q Enqueuer, t *asynq.Task) error {
	_, err := q.EnqueueContext(ctx, t)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// MailSend is an e-mail to deliver.
type MailSend struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
}

// NewMailSend builds a mail task; SMTP outages are retried for about a day.
func NewMailSend(p MailSend) (*asynq.Task, error) {
	return newTask(TypeMailSend, p, asynq.Queue(QueueDefault), asynq.MaxRetry(20),
		asynq.Timeout(time.Minute))
}

// UsersMarkOffline carries the cron tick it belongs to.
type UsersMarkOffline struct {
	Tick time.Time `json:"tick"`
}

// NewUsersMarkOffline builds the presence sweep for one tick; its TaskID makes two schedulers
// firing the same tick enqueue it once.
func NewUsersMarkOffline(tick time.Time) (*asynq.Task, error) {
	return newTask(TypeUsersMarkOffline, UsersMarkOffline{Tick: tick}, asynq.Queue(QueueLow),
		asynq.MaxRetry(1), asynq.Timeout(30*time.Second), TickID(TypeUsersMarkOffline, tick),
		asynq.Retention(10*time.Minute))
}

// Timer carries the cron tick a ticket timer run belongs to.
type Timer struct {
	Tick time.Time `json:"tick"`
}

// TimerTimeout bounds one timer run; a run stops starting batches well before it
// (timers.Budget) and leaves the rest to the next tick.
const TimerTimeout = 2 * time.Minute

// NewTimer builds the constructor of a ticket timer's task for one tick (typ is one of
// the TypeTimer* names): low priority, retried once (a retry that overlaps the next tick
// is harmless: the jobs skip what another run holds), keyed by the tick so two schedulers
// enqueue it once.
func NewTimer(typ string) func(tick time.Time) (*asynq.Task, error) {
	return func(tick time.Time) (*asynq.Task, error) {
		return newTask(typ, Timer{Tick: tick}, asynq.Queue(QueueLow), asynq.MaxRetry(1),
			asynq.Timeout(TimerTimeout), TickID(typ, tick), asynq.Retention(10*time.Minute))
	}
}

// TickID derives a TaskID from a job and its tick, minute precision.
func TickID(job string, tick time.Time) asynq.Option {
	return asynq.TaskID(fmt.Sprintf("%s@%s", job, tick.UTC().Truncate(time.Minute).Format(time.RFC3339)))
}

func newTask(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(typ, b, opts...), nil
}

// Decode reads a task's payload into dst; a malformed payload is never retried.
func Decode(t *asynq.Task, dst any) error {
	if err := json.Unmarshal(t.Payload(), dst); err != nil {
		return fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return nil
}

// MessageRef names one message of a company.
type MessageRef struct {
	CompanyID int64 `json:"companyId"`
	MessageID int64 `json:"messageId"`
}

// NewMessageSend delivers a stored outgoing message. The TaskID is the message id, so
// enqueuing it again (the reconciler, a retry of the api) while it is known is a no-op.
func NewMessageSend(companyID, messageID int64) (*asynq.Task, error) {
	return newTask(TypeMessageSend, MessageRef{companyID, messageID}, asynq.Queue(QueueCritical),
		asynq.MaxRetry(8), asynq.Timeout(time.Minute), asynq.Retention(24*time.Hour),
		asynq.TaskID(MessageSendID(messageID)))
}

// MessageSendID is the TaskID of message messageID's send.
func MessageSendID(messageID int64) string { return fmt.Sprintf("%s:%d", TypeMessageSend, messageID) }

// Message actions carried to the channel after the database already changed.
const (
	ActionEdit     = "edit"
	ActionDelete   = "delete"
	ActionMarkRead = "read"
)

// MessageAction asks the channel to edit, delete or mark read what we already changed.
type MessageAction struct {
	CompanyID  int64   `json:"companyId"`
	Action     string  `json:"action"`
	MessageIDs []int64 `json:"messageIds"`
}

// NewMessageAction builds a channel-side edit, delete or read mark.
func NewMessageAction(p MessageAction) (*asynq.Task, error) {
	return newTask(TypeMessageAction, p, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(time.Minute))
}

// InboundRef names one stored inbound event.
type InboundRef struct {
	CompanyID int64 `json:"companyId"`
	EventID   int64 `json:"eventId"`
}

// InboundProcess is a batch of stored inbound events: the events one write stored
// together, or a reconciler's batch of stranded ones.
type InboundProcess struct {
	Events []InboundRef `json:"events"`
}

// NewInboundProcess processes stored inbound events once. The TaskID names the whole batch
// (its first event and a digest of all), so the same batch queued twice is queued once, but
// a reconciler's batch that merely starts with an event whose own task asynq still holds
// (retrying, or archived after its last retry) is not dropped as that task's duplicate.
// Done tasks are not retained: a requeued event finds itself processed and ends, and at a
// thousand messages a second an hour of retained tasks would fill Redis.
func NewInboundProcess(refs ...InboundRef) (*asynq.Task, error) {
	if len(refs) == 0 {
		return nil, errors.New("tasks: an inbound batch needs an event")
	}
	digest := fnv.New64a()
	for _, r := range refs {
		binary.Write(digest, binary.LittleEndian, r.EventID)
	}
	return newTask(TypeInboundProcess, InboundProcess{Events: refs}, asynq.Queue(QueueCritical),
		asynq.MaxRetry(10), asynq.Timeout(time.Minute),
		asynq.TaskID(fmt.Sprintf("%s:%d:%x", TypeInboundProcess, refs[0].EventID, digest.Sum64())))
}

// Reconcile carries the cron tick it belongs to.
type Reconcile struct {
	Tick time.Time `json:"tick"`
}

// NewReconcile re-enqueues outbound messages and inbound events a lost queue stranded.
func NewReconcile(tick time.Time) (*asynq.Task, error) {
	return newTask(TypeReconcile, Reconcile{Tick: tick}, asynq.Queue(QueueLow), asynq.MaxRetry(1),
		asynq.Timeout(time.Minute), TickID(TypeReconcile, tick), asynq.Retention(10*time.Minute))
}

// SandboxReceipts is one round of the sandbox's receipts: every delivery sent from From
// to Before (a tick) that has not reached Ack yet gets it.
type SandboxReceipts struct {
	From   time.Time `json:"from"`
	Before time.Time `json:"before"`
	Ack    int       `json:"ack"`
}

// NewSandboxReceipts schedules the pretend customers' phones receiving (2) or reading (3)
// what the sandbox sent before p.Before, at. One task per round and receipt (TaskID),
// however many messages and connections the round holds.
func NewSandboxReceipts(p SandboxReceipts, at time.Time) (*asynq.Task, error) {
	return newTask(TypeSandboxReceipts, p, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.ProcessAt(at),
		asynq.TaskID(fmt.Sprintf("%s:%d:%d", TypeSandboxReceipts, p.Before.UnixNano(), p.Ack)),
		asynq.Retention(time.Minute))
}

// MetaWebhook names one stored Graph API webhook delivery.
type MetaWebhook struct {
	DeliveryID int64 `json:"deliveryId"`
}

// NewMetaWebhook expands a stored webhook delivery into inbound events once (TaskID = delivery id).
func NewMetaWebhook(deliveryID int64) (*asynq.Task, error) {
	return newTask(TypeMetaWebhook, MetaWebhook{deliveryID}, asynq.Queue(QueueCritical), asynq.MaxRetry(10),
		asynq.Timeout(2*time.Minute), asynq.Retention(time.Hour),
		asynq.TaskID(fmt.Sprintf("%s:%d", TypeMetaWebhook, deliveryID)))
}

// ConnectionRef names one connection of a company.
type ConnectionRef struct {
	CompanyID    int64 `json:"companyId"`
	ConnectionID int64 `json:"connectionId"`
}

// NewCloseImported closes the tickets a finished history import left pending, for a
// connection with closedTicketsPostImported. It runs after the import's last messages had
// time to be stored, and retries (about half an hour in all) while some still wait.
func NewCloseImported(companyID, connectionID int64) (*asynq.Task, error) {
	return newTask(TypeCloseImported, ConnectionRef{companyID, connectionID}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(12), asynq.Timeout(time.Minute), asynq.ProcessIn(ImportSettle),
		asynq.TaskID(fmt.Sprintf("%s:%d", TypeCloseImported, connectionID)))
}

// ImportSettle is how long after an import's last chunk its tickets are closed: the page's
// "preparing" window.
const ImportSettle = 35 * time.Second

// MetaMedia is an attachment of a Graph API webhook whose download failed: its message was
// stored marked "media unavailable", and the task fetches it again (MediaID: a Cloud API
// media id; URL: a Messenger/Instagram attachment URL) and fills the message in.
type MetaMedia struct {
	CompanyID    int64  `json:"companyId"`
	ConnectionID int64  `json:"connectionId"`
	ProviderID   string `json:"providerId"` // the message's
	MediaID      string `json:"mediaId,omitempty"`
	URL          string `json:"url,omitempty"`
	Kind         string `json:"kind"` // image, audio, video, sticker, document, file
	MimeType     string `json:"mimeType,omitempty"`
	FileName     string `json:"fileName,omitempty"`
	Caption      string `json:"caption,omitempty"`
}

// MetaMediaAfter is how long after the failed download the first retry runs.
var MetaMediaAfter = 30 * time.Second

// NewMetaMedia retries a failed webhook media download a few times in the background
// (asynq's growing back-off: about half an hour in all), then gives up, leaving the mark.
func NewMetaMedia(p MetaMedia) (*asynq.Task, error) {
	return newTask(TypeMetaMedia, p, asynq.Queue(QueueDefault), asynq.MaxRetry(6), asynq.Timeout(2*time.Minute),
		asynq.ProcessIn(MetaMediaAfter), asynq.TaskID(fmt.Sprintf("%s:%d:%s", TypeMetaMedia, p.ConnectionID, p.ProviderID)))
}

// TypeInboundPrune deletes the handled inbound events and Graph API deliveries past their
// retention (inbound.Retention, db.PruneHandled).
const TypeInboundPrune = "inbound:prune"

// TypeFlowSweep removes the flow media files no flow names any more (flow.SweepMedia) and
// the flows' node events past the analytics' reach (flowrun.PruneEvents).
const TypeFlowSweep = "flow:sweep"

// NewHousekeeping builds the constructor of a housekeeping job's task for one tick
// (pruning, sweeping; typ is TypeInboundPrune or TypeFlowSweep): low priority,
// retried once, keyed by the tick (two schedulers enqueue it once; two runs remove
// nothing twice).
func NewHousekeeping(typ string) func(tick time.Time) (*asynq.Task, error) {
	return func(tick time.Time) (*asynq.Task, error) {
		return newTask(typ, Timer{Tick: tick}, asynq.Queue(QueueLow), asynq.MaxRetry(1),
			asynq.Timeout(30*time.Minute), TickID(typ, tick), asynq.Retention(time.Hour))
	}
}
