package connection

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// Session actions of the connections page (POST/PUT/DELETE /whatsappsession/{id}): the
// session reports its progress on the company's whatsappSession event.

// StartSession connects a connection of the company again ("try again").
func (s Service) StartSession(ctx context.Context, id int64) error {
	return s.sessionAction(ctx, id, s.sessions().Start)
}

// RenewQR drops the pairing and asks for a fresh QR code ("new QR").
func (s Service) RenewQR(ctx context.Context, id int64) error {
	return s.sessionAction(ctx, id, s.sessions().NewQR)
}

// StopSession logs the session out ("disconnect").
func (s Service) StopSession(ctx context.Context, id int64) error {
	return s.sessionAction(ctx, id, s.sessions().Stop)
}

func (s Service) sessionAction(ctx context.Context, id int64, fn func(context.Context, Connection) error) error {
	c, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	return fn(ctx, c)
}

// Restart reconnects every session of the company that is not logged out (POST
// /whatsapp-restart); logged-out ones wait for someone to pair them. It returns how many
// it restarted and the first failure.
func (s Service) Restart(ctx context.Context) (int, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return 0, err
	}
	var list []Connection
	if err := q.Where("status <> ?", StatusDisconnected).Order("id").Find(&list).Error; err != nil {
		return 0, err
	}
	var first error
	for _, c := range list {
		if err := s.sessions().Start(ctx, c); err != nil && first == nil {
			first = fmt.Errorf("connection %d: %w", c.ID, err)
		}
	}
	return len(list), first
}

// CloseImported closes, without farewell, the imported tickets still waiting on a
// connection of the company, ends the import's progress display and tells the page
// (importMessages-{companyId} refresh).
func (s Service) CloseImported(ctx context.Context, id int64) (int, error) {
	c, err := s.Get(ctx, id)
	if err != nil || s.Tickets == nil {
		return 0, err
	}
	n, err := s.Tickets.CloseImported(ctx, c.ID)
	if err != nil {
		return n, err
	}
	if err := s.DB.WithContext(ctx).Model(&Connection{}).Where("id = ? AND company_id = ?", c.ID, c.CompanyID).
		Update("status_import_messages", "").Error; err != nil {
		return n, err
	}
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.Event{Rooms: []string{realtime.CompanyRoom(c.CompanyID)},
			Name: fmt.Sprintf("importMessages-%d", c.CompanyID), Data: map[string]any{"action": "refresh"}})
	}
	return n, nil
}

// sessions is the session control, or one that does nothing when none is wired.
func (s Service) sessions() SessionControl {
	if s.Sessions == nil {
		return noSessions{}
	}
	return s.Sessions
}

// session runs a session side effect of a record change; the record change stands even
// when the session can't follow (the page shows the session's real state).
func (s Service) session(ctx context.Context, c Connection, fn func(context.Context, Connection) error) {
	if err := fn(ctx, c); err != nil {
		slog.WarnContext(ctx, "connection session", "connection_id", c.ID, "err", err)
	}
}

type noSessions struct{}

func (noSessions) Start(context.Context, Connection) error             { return nil }
func (noSessions) NewQR(context.Context, Connection) error             { return nil }
func (noSessions) PairPhone(context.Context, Connection, string) error { return nil }
func (noSessions) Stop(context.Context, Connection) error              { return nil }

// Session is the live state of a connection as its session reports it. PairingCode is
// kept only while the session pairs by phone number (every other report clears it);
// PairingError is announced, not stored.
type Session struct {
	Status       string
	QRCode       string
	PairingCode  string
	PairingError string
	Retries      int
	Number       string
}

// SetSession records a session change (status, QR or pairing code, retries, number) and
// announces it on the company's whatsappSession event, which the connections page and QR
// modal follow.
func (s Service) SetSession(ctx context.Context, companyID, id int64, st Session) (Connection, error) {
	err := s.DB.WithContext(ctx).Model(&Connection{}).Where("id = ? AND company_id = ?", id, companyID).
		Updates(map[string]any{"status": st.Status, "qrcode": st.QRCode, "pairing_code": st.PairingCode,
			"retries": st.Retries, "number": st.Number, "updated_at": time.Now()}).Error
	if err != nil {
		return Connection{}, err
	}
	var c Connection
	if err := s.DB.WithContext(ctx).Where("id = ? AND company_id = ?", id, companyID).First(&c).Error; err != nil {
		return Connection{}, err
	}
	c.Token, c.PairingError = "", st.PairingError
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "whatsappSession",
			map[string]any{"action": "update", "session": c}))
	}
	return c, nil
}

// StopCompany logs out every session of a company about to be deleted, while its rows
// still exist (the sessions' owners find them by row). A failed stop is logged: the
// deletion goes on, and a session whose row is gone ends on its next report.
func (s Service) StopCompany(ctx context.Context, companyID int64) error {
	var conns []Connection
	if err := s.DB.WithContext(ctx).Where("company_id = ?", companyID).Find(&conns).Error; err != nil {
		return err
	}
	for _, c := range conns {
		s.session(ctx, c, s.sessions().Stop)
	}
	return nil
}
