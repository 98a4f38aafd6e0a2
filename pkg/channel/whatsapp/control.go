package whatsapp

import (
	"context"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/tasks"
)

// Control is the channel.Sessions of WhatsApp for the admin (the api process, which hosts
// no sessions): it shows the step at once and queues a command for the session's owner
// (its own queue), or for any worker when none owns it yet (that worker claims it).
type Control struct{ Hub *Hub }

func (c Control) Start(ctx context.Context, conn connection.Connection) error {
	return c.send(ctx, conn, tasks.WhatsAppSession{Action: tasks.SessionStart}, connection.StatusOpening)
}

func (c Control) NewQR(ctx context.Context, conn connection.Connection) error {
	return c.send(ctx, conn, tasks.WhatsAppSession{Action: tasks.SessionNewQR}, connection.StatusOpening)
}

// PairPhone restarts the pairing with a fresh device that asks WhatsApp for a code for
// number as soon as it is online (the code follows on the whatsappSession event).
func (c Control) PairPhone(ctx context.Context, conn connection.Connection, number string) error {
	return c.send(ctx, conn, tasks.WhatsAppSession{Action: tasks.SessionPair, Phone: number}, connection.StatusOpening)
}

func (c Control) Stop(ctx context.Context, conn connection.Connection) error {
	return c.send(ctx, conn, tasks.WhatsAppSession{Action: tasks.SessionStop}, "")
}

func (c Control) send(ctx context.Context, conn connection.Connection, p tasks.WhatsAppSession, status string) error {
	if status != "" {
		st := connection.Session{Status: status, Retries: conn.Retries, Number: conn.Number}
		if _, err := c.Hub.Conns.SetSession(ctx, conn.CompanyID, conn.ID, st); err != nil {
			return err
		}
	}
	queue := tasks.QueueDefault
	if owner, err := c.Hub.Leases.OwnerOf(ctx, conn.ID); err == nil && owner != "" {
		queue = tasks.OwnerQueue(owner)
	}
	p.CompanyID, p.ConnectionID = conn.CompanyID, conn.ID
	t, err := tasks.NewWhatsAppSession(p, queue)
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, c.Hub.Queue, t)
}

// Command carries out a session command on the worker that owns (or now claims) the
// session; another owner gets it handed over (channel.ElsewhereError).
func (h *Hub) Command(ctx context.Context, p tasks.WhatsAppSession) error {
	var conn connection.Connection
	err := h.DB.WithContext(ctx).Where("id = ? AND company_id = ? AND channel = ?", p.ConnectionID, p.CompanyID,
		connection.ChannelWhatsApp).Take(&conn).Error
	if err != nil {
		return nil // gone: nothing to do
	}
	if h.get(conn.ID) == nil {
		ok, err := h.Leases.Acquire(ctx, conn.ID)
		if err != nil {
			return err
		}
		if !ok {
			owner, err := h.Leases.OwnerOf(ctx, conn.ID)
			if err != nil || owner == "" {
				return ErrNoOwner // released meanwhile: retry
			}
			if owner != h.Leases.Owner {
				return &channel.ElsewhereError{Owner: owner}
			}
		}
	}
	switch p.Action {
	case tasks.SessionStop:
		return h.logout(ctx, conn, true)
	case tasks.SessionNewQR, tasks.SessionPair:
		if err := h.logout(ctx, conn, false); err != nil {
			return err
		}
	default:
		if s := h.get(conn.ID); s != nil {
			h.halt(s, false) // reconnect from scratch, keeping the lease
		}
	}
	if p.Action != tasks.SessionPair {
		p.Phone = ""
	}
	h.start(conn, p.Phone)
	return nil
}

// logout ends the session on WhatsApp and forgets the device (DISCONNECTED); release
// gives the lease up (a stopped session is not wanted by any worker).
func (h *Hub) logout(ctx context.Context, conn connection.Connection, release bool) error {
	if s := h.get(conn.ID); s != nil {
		if cli, _ := s.live(); cli != nil && cli.IsLoggedIn() {
			_ = cli.Logout(ctx) // also deletes the device from whatsmeow's store
		}
		h.halt(s, false)
	}
	if jid, err := h.deviceJID(ctx, conn); err == nil && jid != "" && h.factory != nil {
		if _, dev, err := h.factory.Open(ctx, conn, jid); err == nil {
			_ = dev.Delete(ctx)
		}
	}
	if err := h.setDeviceJID(ctx, conn, ""); err != nil {
		return err
	}
	status := connection.StatusDisconnected
	if !release {
		status = connection.StatusOpening
	}
	if _, err := h.Conns.SetSession(ctx, conn.CompanyID, conn.ID, connection.Session{Status: status}); err != nil {
		return err
	}
	if release {
		return h.Leases.Release(ctx, conn.ID)
	}
	return nil
}
