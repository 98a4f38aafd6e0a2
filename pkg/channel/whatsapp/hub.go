package whatsapp

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/inbound"
	"atende/pkg/storage"
	"atende/pkg/tasks"
)

// Hub is the WhatsApp channel of one process. Every process uses it to reach sessions
// (Channel, Control); worker processes also host sessions (Host) for the connections
// whose lease they hold.
type Hub struct {
	DB      *gorm.DB
	Conns   connection.Service // SetSession: every state change and QR code
	Inbound inbound.Store
	Media   storage.Store
	Queue   tasks.Enqueuer
	Leases  Leases
	// Silence is how long keepalives may fail before the watchdog reconnects.
	Silence time.Duration

	mu      sync.Mutex
	factory Factory // nil: this process hosts no sessions
	base    context.Context
	live    map[int64]*session
}

// Wanted are the states of a connection whose session should be running.
var Wanted = []string{connection.StatusOpening, connection.StatusQRCode, connection.StatusPairing,
	connection.StatusConnected}

// Host runs this process's share of the sessions until ctx ends, then disconnects them
// (without logging out) and releases their leases so another worker takes them over.
func (h *Hub) Host(ctx context.Context, f Factory) error {
	h.mu.Lock()
	h.factory, h.base, h.live = f, ctx, map[int64]*session{}
	h.mu.Unlock()
	t := time.NewTicker(h.Leases.TTL / 3)
	defer t.Stop()
	for {
		h.tick(ctx)
		select {
		case <-ctx.Done():
			h.shutdown()
			return nil
		case <-t.C:
		}
	}
}

// tick renews our leases (a session whose lease is lost stops at once), then claims
// unowned sessions up to a fair share and sheds one above it.
func (h *Hub) tick(ctx context.Context) {
	if err := h.Leases.Heartbeat(ctx); err != nil {
		slog.Warn("whatsapp heartbeat", "err", err)
	}
	for _, s := range h.sessions() {
		if ok, err := h.Leases.Extend(ctx, s.conn.ID); !ok || err != nil {
			slog.Warn("whatsapp lease lost", "connection_id", s.conn.ID, "err", err)
			h.halt(s, false)
		}
	}
	var wanted []connection.Connection
	if err := h.DB.WithContext(ctx).Where("channel = ? AND status IN ?", connection.ChannelWhatsApp, Wanted).
		Order("id").Find(&wanted).Error; err != nil {
		slog.Warn("whatsapp claim", "err", err)
		return
	}
	hosts, _ := h.Leases.Hosts(ctx)
	share := (len(wanted) + hosts - 1) / hosts
	for _, c := range wanted {
		if h.count() >= share {
			break
		}
		if h.get(c.ID) != nil {
			continue
		}
		if ok, err := h.Leases.Acquire(ctx, c.ID); ok && err == nil {
			h.start(c, "")
		}
	}
	if list := h.sessions(); hosts > 1 && len(list) > share {
		h.halt(list[len(list)-1], true) // another worker claims it on its tick
	}
}

// start runs the session of c, whose lease we hold; with phone set, an unpaired session
// pairs by that number's code instead of a QR scan.
func (h *Hub) start(c connection.Connection, phone string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.live[c.ID] != nil || h.base == nil || h.base.Err() != nil {
		return
	}
	ctx, cancel := context.WithCancel(h.base)
	s := &session{h: h, conn: c, cancel: cancel, done: make(chan struct{}), retries: c.Retries, phone: phone}
	h.live[c.ID] = s
	go s.run(ctx)
}

// halt stops a local session (no logout); release gives its lease up.
func (h *Hub) halt(s *session, release bool) {
	s.cancel()
	<-s.done
	h.forget(s)
	if release {
		_ = h.Leases.Release(context.Background(), s.conn.ID)
	}
}

// forget drops s from the live sessions (it ended or was halted).
func (h *Hub) forget(s *session) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.live[s.conn.ID] == s {
		delete(h.live, s.conn.ID)
	}
}

func (h *Hub) shutdown() {
	for _, s := range h.sessions() {
		h.halt(s, true)
	}
	_ = h.Leases.Leave(context.Background())
}

func (h *Hub) get(id int64) *session {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.live[id]
}

func (h *Hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.live)
}

// sessions lists the live sessions by connection id.
func (h *Hub) sessions() []*session {
	h.mu.Lock()
	defer h.mu.Unlock()
	list := make([]*session, 0, len(h.live))
	for _, s := range h.live {
		list = append(list, s)
	}
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].conn.ID < list[j-1].conn.ID; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	return list
}

// ErrNoOwner is returned (and retried by the task) while no worker holds the session.
var ErrNoOwner = errors.New("whatsapp: no worker holds this connection's session yet")

// client returns the live client of conn here, or tells where the session lives.
func (h *Hub) client(ctx context.Context, conn connection.Connection) (*session, error) {
	if s := h.get(conn.ID); s != nil {
		if s.connected() {
			return s, nil
		}
		return nil, errors.New("whatsapp: session is not connected")
	}
	owner, err := h.Leases.OwnerOf(ctx, conn.ID)
	switch {
	case err != nil:
		return nil, err
	case owner == "" || owner == h.Leases.Owner:
		return nil, ErrNoOwner
	}
	return nil, &channel.ElsewhereError{Owner: owner}
}

// Online reports whether this process hosts connID's session and it is connected to
// WhatsApp: what a send through this process needs.
func (h *Hub) Online(connID int64) bool {
	s := h.get(connID)
	return s != nil && s.connected()
}
