// Package externalapi is the external messages API (spec/3, BEHAVIOUR §13): a system
// outside Atende sends a message through one connection, authenticated by that
// connection's token. The message is written like an attendant's (row at ack 0 on the
// contact's ticket, then a send task), so the call answers at once and nothing is lost.
package externalapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/errs"
	"atende/pkg/message"
	"atende/pkg/queue"
	"atende/pkg/realtime"
	"atende/pkg/ticket"
	"atende/pkg/validate"
)

// Bounds of a request.
const (
	MaxBody        = 65536 // the longest text any channel takes (connection.MaxText)
	MaxMedias      = 10
	groupIDMinSize = 18 // digits: longer than any phone number, a WhatsApp group id
)

// Errors of the API.
var (
	ErrOffline = errs.New(http.StatusConflict, "ERR_WAPP_NOT_INITIALIZED",
		"A conexão não está conectada: leia o QR code na página de conexões.")
	ErrKeyReused = errs.New(http.StatusUnprocessableEntity, "ERR_IDEMPOTENCY_KEY_REUSED",
		"Esta Idempotency-Key já foi usada com outro conteúdo.")
)

// Request is one POST /api/messages/send.
type Request struct {
	Number         string
	Body           string
	UserID         *int64
	QueueID        *int64
	SendSignature  bool
	CloseTicket    bool
	Medias         []Media
	IdempotencyKey string
}

// Media is an uploaded file, already stored.
type Media struct {
	Path string
	Name string
	Type string // message media type (image, video, audio, application)
	Size int64
}

// Result is the answer: the spec's {status: "SUCCESS"} with what was written.
type Result struct {
	Status     string  `json:"status"`
	TicketID   int64   `json:"ticketId"`
	MessageIDs []int64 `json:"messageIds"`
	// Replayed: an earlier request with the same Idempotency-Key answered this; nothing
	// was written now.
	Replayed bool `json:"-"`
}

// Service sends on behalf of a connection.
type Service struct {
	DB       *gorm.DB
	Messages message.Service
	Events   realtime.Publisher
	Settings ticket.Settings // the farewell and rating rules of a queue that closes its tickets
}

// Send writes r's messages on the contact's ticket of conn (found, reopened or created as
// an inbound message would), applies userId/queueId/closeTicket, and queues the delivery
// once all of it committed. ctx carries conn's company.
func (s Service) Send(ctx context.Context, conn connection.Connection, r Request) (Result, error) {
	number, err := r.validate(conn.Channel)
	if err != nil {
		return Result{}, err
	}
	if slices.Contains([]string{connection.StatusDisconnected, connection.StatusQRCode, connection.StatusPairing}, conn.Status) {
		return Result{}, ErrOffline
	}
	var res Result
	var msgs []message.Message
	var oldStatus string
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim, prior, err := claimKey(tx, conn, r, number)
		if err != nil || prior != nil {
			res = derefOr(prior)
			return err
		}
		t, created, drafts, err := s.prepare(ctx, tx, conn, r, number)
		if err != nil {
			return err
		}
		oldStatus = t.Status
		if msgs, err = s.write(ctx, tx, conn, &t, created, r, drafts); err != nil {
			return err
		}
		res = Result{Status: "SUCCESS", TicketID: t.ID, MessageIDs: make([]int64, len(msgs))}
		for i, m := range msgs {
			res.MessageIDs[i] = m.ID
		}
		return claim.record(tx, res)
	})
	if err != nil || res.Replayed {
		return res, err
	}
	s.Messages.Dispatch(ctx, msgs)
	if t, err := ticket.Get(ctx, s.DB, res.TicketID); err == nil {
		ticket.PublishUpdate(ctx, s.Events, t, oldStatus)
	}
	return res, nil
}

// prepare checks the user and queue of the request, and finds the contact's ticket.
func (s Service) prepare(ctx context.Context, tx *gorm.DB, conn connection.Connection, r Request, number string) (ticket.Ticket, bool, []message.Draft, error) {
	var u struct{ Name string }
	if r.UserID != nil {
		res := tx.Table("users").Select("name").Where("id = ? AND company_id = ?", *r.UserID, conn.CompanyID).Limit(1).Scan(&u)
		if res.Error == nil && res.RowsAffected == 0 {
			res.Error = gorm.ErrRecordNotFound
		}
		if res.Error != nil {
			return ticket.Ticket{}, false, nil, orInvalid(res.Error, "userId", "Usuário inválido.")
		}
	}
	if r.QueueID != nil {
		if err := queue.Owned(tx, conn.CompanyID, []int64{*r.QueueID}); err != nil {
			return ticket.Ticket{}, false, nil, orInvalid(err, "queueId", "Fila inválida.")
		}
	}
	c, err := contact.Upsert(ctx, tx, contact.Inbound{Number: number, Channel: conn.Channel,
		IsGroup: len(number) >= groupIDMinSize, ConnectionID: conn.ID})
	if err != nil {
		return ticket.Ticket{}, false, nil, err
	}
	// Meta's 24-hour window, checked here rather than failing in the worker: the refusal
	// rolls the contact and the idempotency claim back with the rest.
	if err := message.RequireWindow(ctx, tx, conn.CompanyID, conn.ID, c.ID, conn.Channel); err != nil {
		return ticket.Ticket{}, false, nil, err
	}
	t, created, err := ticket.FindOrCreate(ctx, tx, c, conn, true)
	return t, created, r.drafts(u.Name), err
}

// write hands the ticket to the user or queue asked for (never away from an attendant who
// holds it: the message joins their conversation), stores the messages, then closes the
// ticket when asked, without farewell, or when its new queue closes its tickets, by the
// normal close (decision 6). A waiting customer's ticket the user takes gets the accept
// greeting first, as from the screen; a ticket this request opened waited for nobody.
func (s Service) write(ctx context.Context, tx *gorm.DB, conn connection.Connection, t *ticket.Ticket, created bool, r Request, drafts []message.Draft) ([]message.Message, error) {
	var err error
	var greeting []string
	moved := r.QueueID != nil && (t.QueueID == nil || *t.QueueID != *r.QueueID)
	switch {
	case r.CloseTicket:
	case r.UserID != nil:
		greeting, err = ticket.Assign(ctx, tx, t, *r.UserID, r.QueueID, s.Settings)
	case r.QueueID != nil:
		err = ticket.SetQueue(ctx, tx, t, *r.QueueID)
	}
	if err != nil {
		return nil, err
	}
	var msgs []message.Message
	if !created {
		if msgs, err = message.WriteSystem(ctx, tx, *t, greeting); err != nil {
			return nil, err
		}
	}
	sent, err := message.Write(ctx, tx, *t, r.UserID, drafts...)
	msgs = append(msgs, sent...)
	switch {
	case err != nil:
		return msgs, err
	case r.CloseTicket:
		return msgs, ticket.CloseQuietly(ctx, tx, t)
	case moved && t.QueueID != nil && *t.QueueID == *r.QueueID:
		texts, err := ticket.CloseIfQueueCloses(ctx, tx, t, conn, s.Settings)
		if err != nil {
			return msgs, err
		}
		farewell, err := message.WriteSystem(ctx, tx, *t, texts)
		return append(msgs, farewell...), err
	}
	return msgs, nil
}

// Check validates the request's fields and files without writing anything (the api runs
// it before storing the files).
func (r Request) Check(channel string) error {
	_, err := r.validate(channel)
	return err
}

// validate checks the request and returns the number as digits.
func (r Request) validate(channel string) (string, error) {
	v := errs.Validation{}
	number := contact.Digits(r.Number)
	if len(number) < 8 || len(number) > 30 {
		v.Add("number", "Informe o número com DDI e DDD (8 a 30 dígitos).")
	}
	if strings.TrimSpace(r.Body) == "" && len(r.Medias) == 0 {
		v.Add("body", "Informe o texto ou envie um arquivo em medias.")
	}
	validate.Length(v, "body", r.Body, 0, connection.MaxText(channel))
	if len(r.Medias) > MaxMedias {
		v.Add("medias", "Envie no máximo 10 arquivos por vez.")
	}
	if len(r.IdempotencyKey) > 255 {
		v.Add("Idempotency-Key", "A Idempotency-Key tem no máximo 255 caracteres.")
	}
	return number, v.Err()
}

// drafts are the messages of the request: the text alone, or each file with the text as
// the first one's caption (an audio carries no caption, so the text goes before it).
func (r Request) drafts(userName string) []message.Draft {
	body := r.Body
	if r.SendSignature && userName != "" && strings.TrimSpace(body) != "" {
		body = "*" + userName + ":*\n" + body
	}
	if len(r.Medias) == 0 {
		return []message.Draft{{Body: body}}
	}
	var out []message.Draft
	if strings.TrimSpace(body) != "" && r.Medias[0].Type == message.TypeAudio {
		out, body = append(out, message.Draft{Body: body}), ""
	}
	for i, m := range r.Medias {
		d := message.Draft{MediaPath: m.Path, MediaName: m.Name, MediaType: m.Type}
		if i == 0 {
			d.Body = body
		}
		out = append(out, d)
	}
	return out
}

// orInvalid answers a missing user or queue as a field error.
func orInvalid(err error, field, msg string) error {
	if errors.Is(err, gorm.ErrRecordNotFound) || errors.Is(err, queue.ErrInvalid) {
		return errs.Validation{field: msg}.Err()
	}
	return err
}

func derefOr(r *Result) Result {
	if r == nil {
		return Result{}
	}
	return *r
}
