package whatsapp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"

	"atende/pkg/connection"
)

// session is one connection's live whatsmeow client, run by the process holding its lease.
type session struct {
	h      *Hub
	conn   connection.Connection
	cancel context.CancelFunc
	done   chan struct{}

	mu      sync.Mutex
	cli     Client
	dev     Device
	up      bool      // Connected seen on the current client
	failing time.Time // first keepalive failure not yet restored
	retries int
	number  string
	groups  map[types.JID]string // group subjects already asked for (groups become contacts named after them)
	taken   map[string]time.Time // calls answered on the phone, by call id, until they end

	// Pairing by phone number (run goroutine only): phone asks each new client for a code
	// once it is online; code is shown until the pairing ends.
	phone string
	code  string
}

var (
	errDropped   = errors.New("whatsapp: connection dropped")
	errSilent    = errors.New("whatsapp: session went silent")
	errLeaseLost = errors.New("whatsapp: lease lost")
)

// run connects, and reconnects with jittered exponential backoff, until the session ends
// for good (QR timeout, logged out) or is halted.
func (s *session) run(ctx context.Context) {
	defer close(s.done)
	defer s.h.forget(s)
	for {
		err := s.once(ctx)
		if ctx.Err() != nil {
			return
		}
		if err == nil { // ended for good: no worker should run it until someone acts
			_ = s.h.Leases.Release(context.WithoutCancel(ctx), s.conn.ID)
			return
		}
		if errors.Is(err, errLeaseLost) {
			slog.Warn("whatsapp session fenced off", "connection_id", s.conn.ID)
			return
		}
		slog.Warn("whatsapp session reconnecting", "connection_id", s.conn.ID, "retries", s.retries+1, "err", err)
		s.retries++
		s.set(ctx, connection.StatusOpening, "")
		select {
		case <-ctx.Done():
			return
		case <-time.After(Backoff(s.retries)):
		}
	}
}

// BackoffBase is the first reconnect wait.
var BackoffBase = 2 * time.Second

// Backoff is the wait before reconnect attempt n (1, 2, ...): exponential from BackoffBase
// up to 5 min, with ±25 % jitter so a worker's sessions don't all reconnect at once.
func Backoff(n int) time.Duration {
	d := BackoffBase << min(n-1, 8)
	d = min(d, 5*time.Minute)
	return d*3/4 + time.Duration(rand.Int64N(int64(d/2)+1))
}

// once runs one client from connect to drop. nil means the session ended for good.
func (s *session) once(ctx context.Context) error {
	// Fencing: connect only while the lease is still ours.
	if ok, err := s.h.Leases.Extend(ctx, s.conn.ID); err != nil || !ok {
		return errLeaseLost
	}
	jid, err := s.h.deviceJID(ctx, s.conn)
	if err != nil {
		return err
	}
	cli, dev, err := s.h.factory.Open(ctx, s.conn, jid)
	if err != nil {
		return err
	}
	lifecycle := make(chan any, 8)
	cli.AddEventHandler(func(e any) { s.event(ctx, e, lifecycle) })
	s.attach(cli, dev)
	defer s.attach(nil, nil)
	defer cli.Disconnect()
	defer func() { s.code = "" }() // a code belongs to the client that asked for it
	var qr <-chan whatsmeow.QRChannelItem
	if dev.JID() == "" {
		if qr, err = cli.GetQRChannel(ctx); err != nil {
			return err
		}
	}
	if err := cli.Connect(); err != nil {
		return err
	}
	watch := time.NewTicker(max(s.h.Silence/4, 10*time.Millisecond))
	defer watch.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case item, ok := <-qr:
			if !ok {
				qr = nil
				continue
			}
			if done, err := s.qr(ctx, cli, item); done {
				return err
			}
		case e := <-lifecycle:
			if done, err := s.lifecycle(ctx, e); done {
				return err
			}
		case <-watch.C:
			if s.silent() {
				return errSilent
			}
		}
	}
}

// qr follows the pairing: every code refreshes the QR modal; running out of codes is TIMEOUT.
// The first code also means the client is online, which is when a pairing by phone number
// may ask for its code.
func (s *session) qr(ctx context.Context, cli Client, item whatsmeow.QRChannelItem) (bool, error) {
	switch item.Event {
	case whatsmeow.QRChannelEventCode:
		if s.phone != "" && s.code == "" {
			s.pairPhone(ctx, cli, item.Code)
			return false, nil
		}
		s.set(ctx, connection.StatusQRCode, item.Code)
	case whatsmeow.QRChannelSuccess.Event:
		s.code = ""
		if !s.connected() { // scanned; Connected may already have overtaken this item
			s.set(ctx, connection.StatusPairing, "")
		}
	case whatsmeow.QRChannelTimeout.Event:
		s.code = ""
		s.set(ctx, connection.StatusTimeout, "")
		return true, nil
	default:
		return true, fmt.Errorf("whatsapp pairing: %s %v", item.Event, item.Error)
	}
	return false, nil
}

// pairTimeout bounds the request for a pairing code.
const pairTimeout = 30 * time.Second

// pairPhone asks WhatsApp for the code to type on s.phone's phone and shows it with the
// QR code (either one pairs). A refusal falls back to the QR code alone and says why.
func (s *session) pairPhone(ctx context.Context, cli Client, qr string) {
	pctx, cancel := context.WithTimeout(ctx, pairTimeout)
	defer cancel()
	code, err := cli.PairPhone(pctx, s.phone, true, whatsmeow.PairClientChrome, "Chrome (Linux)")
	st := connection.Session{Status: connection.StatusQRCode, QRCode: qr, Retries: s.retries, Number: s.number}
	if err != nil {
		slog.Warn("whatsapp pairing code", "connection_id", s.conn.ID, "err", err)
		s.phone, st.PairingError = "", err.Error()
	} else {
		s.code, st.PairingCode = code, code
	}
	s.record(ctx, st)
}

func (s *session) lifecycle(ctx context.Context, e any) (bool, error) {
	switch v := e.(type) {
	case *events.PairSuccess:
		s.number, s.code, s.phone = v.ID.User, "", ""
		if err := s.h.setDeviceJID(ctx, s.conn, v.ID.String()); err != nil {
			return true, err
		}
	case *events.Connected:
		s.code, s.phone = "", ""
		// failing is left alone: a keepalive failure handled (synchronously) before this
		// event reached the loop belongs to this client and must still trip the watchdog.
		s.mu.Lock()
		s.up = true
		s.mu.Unlock()
		if jid, err := types.ParseJID(s.device().JID()); err == nil && jid.User != "" {
			s.number = jid.User
		}
		s.retries = 0
		s.set(ctx, connection.StatusConnected, "")
	case *events.LoggedOut:
		_ = s.device().Delete(ctx)
		_ = s.h.setDeviceJID(ctx, s.conn, "")
		s.number, s.retries, s.code, s.phone = "", 0, "", ""
		s.set(ctx, connection.StatusDisconnected, "")
		return true, nil
	case *events.Disconnected, *events.StreamReplaced:
		return true, errDropped
	}
	return false, nil
}

// silent reports a session that says it is up but whose socket is gone or whose keepalives
// have failed for longer than Silence.
func (s *session) silent() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.up {
		return false
	}
	return !s.cli.IsConnected() || (!s.failing.IsZero() && time.Since(s.failing) > s.h.Silence)
}

// event is whatsmeow's handler: lifecycle events go to the session loop, the rest into
// the inbound pipeline (synchronously, so whatsmeow acks a message only once stored).
func (s *session) event(ctx context.Context, e any, lifecycle chan<- any) {
	switch v := e.(type) {
	case *events.PairSuccess, *events.Connected, *events.LoggedOut, *events.Disconnected, *events.StreamReplaced:
		select {
		case lifecycle <- e:
		case <-ctx.Done():
		}
	case *events.KeepAliveTimeout:
		s.mu.Lock()
		if s.failing.IsZero() {
			s.failing = v.LastSuccess
		}
		s.mu.Unlock()
	case *events.KeepAliveRestored:
		s.mu.Lock()
		s.failing = time.Time{}
		s.mu.Unlock()
	default:
		s.h.inbound(ctx, s, e)
	}
}

// set records the session's state through the connections service (whatsappSession event).
func (s *session) set(ctx context.Context, status, qr string) {
	s.record(ctx, connection.Session{Status: status, QRCode: qr, PairingCode: s.code, Retries: s.retries, Number: s.number})
}

func (s *session) record(ctx context.Context, st connection.Session) {
	if _, err := s.h.Conns.SetSession(context.WithoutCancel(ctx), s.conn.CompanyID, s.conn.ID, st); err != nil {
		slog.Warn("whatsapp session state", "connection_id", s.conn.ID, "err", err)
	}
}

func (s *session) attach(cli Client, dev Device) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cli, s.dev, s.up, s.failing = cli, dev, false, time.Time{} // a new client starts with no failures
}

func (s *session) device() Device {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dev
}

func (s *session) live() (Client, Device) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cli, s.dev
}

func (s *session) connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.up && s.cli != nil
}

func (h *Hub) deviceJID(ctx context.Context, c connection.Connection) (string, error) {
	var jid string
	err := h.DB.WithContext(ctx).Table("connections").Select("wa_device_jid").
		Where("id = ? AND company_id = ?", c.ID, c.CompanyID).Scan(&jid).Error
	return jid, err
}

func (h *Hub) setDeviceJID(ctx context.Context, c connection.Connection, jid string) error {
	return h.DB.WithContext(context.WithoutCancel(ctx)).Table("connections").
		Where("id = ? AND company_id = ?", c.ID, c.CompanyID).Update("wa_device_jid", jid).Error
}
