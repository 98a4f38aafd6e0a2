package message

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/realtime"
	"atende/pkg/storage"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/user"
	"atende/pkg/vars"
)

// PageSize is the number of messages per page of GET /messages/{ticketId}.
const PageSize = 30

// EditWindow is how long after sending an attendant may still edit a message.
const EditWindow = 15 * time.Minute

// Errors of this package.
var (
	ErrNotFound    = errs.New(http.StatusNotFound, "ERR_NO_MESSAGE_FOUND", "Mensagem não encontrada.")
	ErrEmpty       = errs.New(http.StatusBadRequest, "ERR_EMPTY_MESSAGE", "A mensagem está vazia.")
	ErrEditWindow  = errs.New(http.StatusBadRequest, "ERR_EDIT_WINDOW", "Só é possível editar as próprias mensagens em até 15 minutos.")
	ErrNotOwn      = errs.New(http.StatusForbidden, "ERR_NO_PERMISSION", "Você só pode alterar as próprias mensagens.")
	ErrTicketClose = errs.New(http.StatusBadRequest, "ERR_TICKET_CLOSED", "Reabra o ticket para enviar mensagens.")
)

// Settings reads a company setting.
type Settings interface {
	Value(ctx context.Context, key string) string
}

// Service writes and reads messages of the context's company.
type Service struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Queue    tasks.Enqueuer
	Media    MediaURL
	Settings Settings
}

// Draft is an outgoing message as an attendant composes it.
type Draft struct {
	Body        string `json:"body"`
	QuotedMsgID *int64 `json:"quotedMsgId"`
	QuotedMsg   *struct {
		ID int64 `json:"id"`
	} `json:"quotedMsg"`
	IsPrivate   bool   `json:"isPrivate"`
	VCard       string `json:"vCard"`
	SignMessage bool   `json:"signMessage"`
	MediaPath   string `json:"-"`
	MediaName   string `json:"-"`
	MediaType   string `json:"-"`
	Forwarded   bool   `json:"-"`
}

// Send stores an attendant's message (ack 0) on a ticket they may see and queues its
// delivery; private notes are stored and never sent.
func (s Service) Send(ctx context.Context, actor user.User, ticketID int64, d Draft) (Message, error) {
	msgs, err := s.SendAll(ctx, actor, ticketID, d)
	if err != nil {
		return Message{}, err
	}
	return msgs[0], nil
}

// SendAll is Send for several drafts (an attendant's files, the text as the first one's
// caption): all of them are checked first and written in one transaction, or none is.
func (s Service) SendAll(ctx context.Context, actor user.User, ticketID int64, drafts ...Draft) ([]Message, error) {
	t, err := s.visibleTicket(ctx, actor, ticketID)
	if err != nil {
		return nil, err
	}
	if t.Status == ticket.StatusClosed {
		return nil, ErrTicketClose
	}
	public := false
	for i := range drafts {
		d := &drafts[i]
		d.Body = strings.TrimRightFunc(d.Body, func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' })
		if strings.TrimSpace(d.Body) == "" && d.MediaPath == "" && d.VCard == "" {
			return nil, ErrEmpty
		}
		if d.Body, err = s.render(ctx, actor, t, d.Body); err != nil {
			return nil, err
		}
		if d.SignMessage && !d.IsPrivate {
			d.Body = s.sign(ctx, actor, d.Body)
		}
		if err := checkLength(d.Body, t.Channel, d.IsPrivate); err != nil {
			return nil, err
		}
		if d.QuotedMsg != nil && d.QuotedMsgID == nil {
			d.QuotedMsgID = &d.QuotedMsg.ID
		}
		public = public || !d.IsPrivate
	}
	if len(drafts) == 0 {
		return nil, ErrEmpty
	}
	if public && t.ConnectionID != nil {
		if err := RequireWindow(ctx, s.DB, t.CompanyID, *t.ConnectionID, t.ContactID, t.Channel); err != nil {
			return nil, err
		}
	}
	return s.store(ctx, t, &actor.ID, drafts...)
}

// render fills the message variables (BEHAVIOUR §11) of an attendant's text, such as a
// quick answer's {{name}}, with t's values; {{userName}} is the sender when t has no one
// assigned yet. Texts without "{{" are left as they are, without a query.
func (s Service) render(ctx context.Context, actor user.User, t ticket.Ticket, body string) (string, error) {
	if !strings.Contains(body, "{{") {
		return body, nil
	}
	v, err := ticket.Variables(ctx, s.DB, t)
	if err != nil {
		return "", err
	}
	if v.UserName == "" {
		v.UserName = actor.Name
	}
	return vars.Render(body, v), nil
}

// SendText stores and queues an automatic text (ticket.Messenger), with SystemMark as the
// bot's and the timers' texts: the phone's echo of it is ours, and search skips it.
func (s Service) SendText(ctx context.Context, t ticket.Ticket, body string) error {
	_, err := s.store(ctx, t, nil, Draft{Body: Marked(body)})
	return err
}

// AddNote stores a private note of userID on t (ticket.Messenger); it is never sent.
func (s Service) AddNote(ctx context.Context, t ticket.Ticket, userID int64, body string) error {
	_, err := s.store(ctx, t, &userID, Draft{Body: body, IsPrivate: true})
	return err
}

// store writes the rows and the ticket preview in one transaction, then queues and announces.
func (s Service) store(ctx context.Context, t ticket.Ticket, userID *int64, drafts ...Draft) ([]Message, error) {
	var (
		msgs  []Message
		lanes []*asynq.Task
	)
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if msgs, err = Write(ctx, tx, t, userID, drafts...); err != nil {
			return err
		}
		lanes, err = keepLanes(ctx, tx, userID, msgs)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.Dispatch(ctx, msgs)
	taskoutbox.Queue(ctx, s.Queue, lanes...)
	return msgs, nil
}

// WriteSystem stores the system's texts (farewells, rating requests, bot replies) on t,
// each with SystemMark, in order; no texts, nothing written.
func WriteSystem(ctx context.Context, tx *gorm.DB, t ticket.Ticket, texts []string) ([]Message, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	drafts := make([]Draft, len(texts))
	for i, text := range texts {
		drafts[i] = Draft{Body: Marked(text)}
	}
	return Write(ctx, tx, t, nil, drafts...)
}

// Write stores outgoing drafts of userID (nil: the system) on t inside tx, in order: rows
// at ack 0 and the ticket's preview. Once tx committed, Dispatch sends them; a crash in
// between leaves rows the reconciler sends, so nothing written is lost.
func Write(ctx context.Context, tx *gorm.DB, t ticket.Ticket, userID *int64, drafts ...Draft) ([]Message, error) {
	tx = tx.WithContext(ctx)
	out := make([]Message, 0, len(drafts))
	for _, d := range drafts {
		m := Message{CompanyID: t.CompanyID, TicketID: t.ID, ContactID: &t.ContactID, ConnectionID: t.ConnectionID,
			UserID: userID, QueueID: t.QueueID, Body: d.Body, FromMe: true, MediaType: kind(d), MediaPath: d.MediaPath,
			MediaName: storage.CleanName(d.MediaName), IsPrivate: d.IsPrivate, IsForwarded: d.Forwarded, VCard: d.VCard, Read: true}
		if d.QuotedMsgID != nil && sameTicket(tx, *d.QuotedMsgID, t.ID) {
			m.QuotedMsgID = d.QuotedMsgID
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return out, nil
	}
	// One INSERT for all of them (a flow step writes several): ids follow the drafts' order,
	// which is the conversation's order.
	if err := tx.Create(&out).Error; err != nil {
		return nil, err
	}
	return out, tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Updates(ticketAfter(out)).Error
}

// ticketAfter is what writing msgs changes on their ticket. A private note is never the
// list's preview (the contact never saw it, and an attendant would read it as the last
// word of the conversation): the preview is the newest message that was not private.
func ticketAfter(msgs []Message) map[string]any {
	set := map[string]any{"unread_messages": 0, "updated_at": time.Now()}
	for i := len(msgs) - 1; i >= 0; i-- {
		if !msgs[i].IsPrivate {
			set["last_message"], set["from_me"] = Preview(msgs[i]), true
			break
		}
	}
	return set
}

// Dispatch queues the delivery of written messages (private notes stay) and announces
// them. The send task is keyed by the message id, so queuing twice sends once; when Redis
// refuses, the reconciler queues the row later.
func (s Service) Dispatch(ctx context.Context, msgs []Message) {
	for i := range msgs {
		m := &msgs[i]
		if !m.IsPrivate {
			task, err := tasks.NewMessageSend(m.CompanyID, m.ID)
			if err == nil {
				err = tasks.Enqueue(ctx, s.Queue, task)
			}
			if err != nil {
				m.SendError = "queued for retry"
			}
		}
		s.announce(ctx, "create", *m, i == len(msgs)-1)
	}
}

func kind(d Draft) string {
	switch {
	case d.MediaType != "":
		return d.MediaType
	case d.VCard != "":
		return TypeContact
	}
	return TypeChat
}

func sameTicket(tx *gorm.DB, msgID, ticketID int64) bool {
	var n int64
	tx.Model(&Message{}).Where("id = ? AND ticket_id = ?", msgID, ticketID).Count(&n)
	return n == 1
}

// announce publishes m (and the ticket when it changed) with fresh decorations.
func (s Service) announce(ctx context.Context, action string, m Message, ticketChanged bool) {
	t, err := ticket.Get(ctx, s.DB, m.TicketID)
	if err != nil {
		return
	}
	msgs := []Message{m}
	if Decorate(ctx, s.DB, s.Media, msgs) == nil {
		Publish(ctx, s.Events, action, msgs[0], t)
	}
	if ticketChanged {
		ticket.PublishUpdate(ctx, s.Events, t, "")
	}
}

// visibleTicket loads a ticket of the company that actor may see.
func (s Service) visibleTicket(ctx context.Context, actor user.User, ticketID int64) (ticket.Ticket, error) {
	t, err := ticket.Get(ctx, s.DB, ticketID)
	if err != nil {
		return t, err
	}
	return t, s.mayOpen(ctx, actor, t)
}

// mayOpen is the visibility rule of spec/1 §6 for actor and the ticket's row.
func (s Service) mayOpen(ctx context.Context, actor user.User, t ticket.Ticket) error {
	queues, err := ticket.QueueIDs(ctx, s.DB, actor)
	if err != nil {
		return err
	}
	if !ticket.CanSee(actor, queues, t) {
		return errs.ErrNoPermission // same answer as the ticket endpoints
	}
	return nil
}

// own loads a message of the company sent by actor.
func (s Service) own(ctx context.Context, actor user.User, id int64) (Message, ticket.Ticket, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Message{}, ticket.Ticket{}, err
	}
	var m Message
	if err := q.Take(&m, id).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return m, ticket.Ticket{}, ErrNotFound
		}
		return m, ticket.Ticket{}, err
	}
	t, err := s.visibleTicket(ctx, actor, m.TicketID)
	if err != nil {
		return m, t, ErrNotFound
	}
	if !m.FromMe || (m.UserID != nil && *m.UserID != actor.ID && !actor.IsAdmin()) {
		return m, t, ErrNotOwn
	}
	return m, t, nil
}

// checkLength refuses a text longer than the ticket's channel delivers (a private note is
// never delivered: the longest any channel takes).
func checkLength(body, channel string, private bool) error {
	if private {
		channel = ""
	}
	if limit := connection.MaxText(channel); utf8.RuneCountInString(body) > limit {
		msg := fmt.Sprintf("A mensagem tem mais de %d caracteres, o limite deste canal.", limit)
		return errs.Validation{"body": msg}.Err()
	}
	return nil
}

// sign prefixes the attendant's name when the company allows signatures.
func (s Service) sign(ctx context.Context, actor user.User, body string) string {
	if body == "" || s.Settings.Value(ctx, "sendSignMessage") != "enabled" {
		return body
	}
	return "*" + actor.Name + ":*\n" + body
}
