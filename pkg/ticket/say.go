package ticket

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/vars"
)

// say renders each template for t (message variables, BEHAVIOUR §11) and sends it through
// the Messenger; it reports whether anything was sent. A failed send is logged: the change
// that caused it is already committed.
func (s Service) say(ctx context.Context, t Ticket, templates []string) bool {
	if len(templates) == 0 || s.Messenger == nil {
		return false
	}
	vals, err := s.values(ctx, t)
	if err != nil {
		slog.WarnContext(ctx, "ticket: message variables", "err", err, "ticket_id", t.ID)
		return false
	}
	sent := false
	for _, tpl := range templates {
		body := strings.TrimSpace(vars.Render(strings.ReplaceAll(tpl, "${queue.name}", vals.Queue), vals))
		if body == "" {
			continue
		}
		if err := s.Messenger.SendText(ctx, t, body); err != nil {
			slog.WarnContext(ctx, "ticket: automatic message not sent", "err", err, "ticket_id", t.ID)
			continue
		}
		sent = true
	}
	return sent
}

// note stores the transfer's private note; it reports whether one was stored.
func (s Service) note(ctx context.Context, t Ticket, fx effects) bool {
	if fx.note == "" || s.Messenger == nil {
		return false
	}
	if err := s.Messenger.AddNote(ctx, t, fx.noteBy, fx.note); err != nil {
		slog.WarnContext(ctx, "ticket: transfer note not stored", "err", err, "ticket_id", t.ID)
		return false
	}
	return true
}

// values are the variables of a decorated ticket.
func (s Service) values(ctx context.Context, t Ticket) (vars.Values, error) {
	return Variables(ctx, s.DB, t)
}

// Variables are the message variables (BEHAVIOUR §11) of a decorated ticket (Get): its
// contact, assigned user, queue and connection, the company and its time zone.
func Variables(ctx context.Context, db *gorm.DB, t Ticket) (vars.Values, error) {
	name, loc, err := company.NameAndZone(ctx, db, t.CompanyID)
	if err != nil {
		return vars.Values{}, err
	}
	return VariablesIn(t, name, loc), nil
}

// VariablesIn are Variables with the company's name and time zone as the caller holds
// them (an inbound batch has them in its bot configuration).
func VariablesIn(t Ticket, company string, loc *time.Location) vars.Values {
	v := vars.Values{Company: company, Location: loc, Now: time.Now(), TicketID: t.ID, TicketCreated: t.CreatedAt}
	if t.Contact != nil {
		v.ContactName = t.Contact.Name
	}
	if t.User != nil {
		v.UserName = t.User.Name
	}
	if t.Queue != nil {
		v.Queue = t.Queue.Name
	}
	if t.Whatsapp != nil {
		v.Connection = t.Whatsapp.Name
	}
	return v
}
