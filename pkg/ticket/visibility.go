package ticket

import (
	"context"
	"slices"
	"strings"

	"atende/pkg/user"
)

// viewer is a user with their queues: what decides which tickets they see (spec/1 §6).
type viewer struct {
	user.User
	queues []int64
}

func (s Service) viewer(ctx context.Context, me user.User) (viewer, error) {
	queues, err := QueueIDs(ctx, s.DB, me)
	if queues == nil {
		queues = []int64{}
	}
	return viewer{User: me, queues: queues}, err
}

// showAll: admins and users with allUserChat may look at other attendants' tickets.
func (v viewer) showAll() bool { return v.IsAdmin() || v.On("allUserChat") }

// noQueue: administrators, and users with allTicket, see tickets without a queue (a new
// contact's ticket has none until someone accepts it; an admin who could not see it would
// find an empty inbox).
func (v viewer) noQueue() bool { return v.IsAdmin() || v.On("allTicket") }

// groups: allowGroup lets a user see group chats.
func (v viewer) groups() bool { return v.On("allowGroup") }

// mayCloseWaiting: closing or ignoring a ticket nobody attends yet. A pending one: admins,
// showDashboard or userClosePendingTicket (spec/1 §4); one the bot holds for LGPD consent:
// admins or userClosePendingTicket only (spec/1 §6, where both rules agree).
func (v viewer) mayCloseWaiting(status string) bool {
	if status == StatusLGPD {
		return v.IsAdmin() || v.On("userClosePendingTicket")
	}
	return v.IsAdmin() || v.On("showDashboard") || v.On("userClosePendingTicket")
}

// canSee: CanSee with the viewer's queues.
func (v viewer) canSee(t Ticket) bool { return CanSee(v.User, v.queues, t) }

// selected is the queues a list shows: those asked for (for a user, only among their
// own), else the user's queues.
func (v viewer) selected(asked []int64) []int64 {
	if len(asked) == 0 {
		return v.queues
	}
	if v.IsAdmin() {
		return asked
	}
	out := []int64{}
	for _, q := range asked {
		if slices.Contains(v.queues, q) {
			out = append(out, q)
		}
	}
	return out
}

// scope adds the visibility rules of a list tab to w:
//   - groups only with allowGroup;
//   - open and closed: tickets of the selected queues (and without queue for admins and
//     allTicket),
//     only the user's own unless show-all applies (showAll asked by an admin or allUserChat);
//   - pending and lgpd (and nps, which no tab lists): the same queues; unassigned or the
//     user's own unless show-all;
//   - group: group chats of the selected queues or without queue;
//   - search (no status): an admin sees every ticket (of the asked queues if any); others
//     the same queues, unassigned or their own unless allUserChat.
func (v viewer) scope(w *where, p ListParams) {
	if !v.groups() {
		w.add("NOT t.is_group")
	}
	showAll := p.ShowAll && v.showAll()
	switch p.Status {
	case StatusGroup:
		w.add("(t.queue_id IS NULL OR t.queue_id IN ?)", nonEmpty(v.selected(p.QueueIDs)))
	case StatusOpen, StatusClosed:
		v.queueScope(w, p.QueueIDs)
		if !showAll {
			w.add("t.user_id = ?", v.ID)
		}
	case "":
		if v.IsAdmin() {
			if len(p.QueueIDs) > 0 {
				w.add("t.queue_id IN ?", p.QueueIDs)
			}
			return
		}
		v.queueScope(w, p.QueueIDs)
		if !v.On("allUserChat") {
			w.add("(t.user_id IS NULL OR t.user_id = ?)", v.ID)
		}
	default:
		v.queueScope(w, p.QueueIDs)
		if !showAll {
			w.add("(t.user_id IS NULL OR t.user_id = ?)", v.ID)
		}
	}
}

// queueScope keeps the viewer's queues. "+ 0" hides queue_id from the index planner on
// purpose: a user's queues usually hold most of a tab, and walking the tab's
// (status, updated_at) index newest first stops after a page, where a bitmap over the queue
// index reads and sorts the whole tab (1 ms against 400 ms on a 20,000-ticket company).
func (v viewer) queueScope(w *where, asked []int64) {
	if v.noQueue() {
		w.add("((t.queue_id + 0) IN ? OR t.queue_id IS NULL)", nonEmpty(v.selected(asked)))
	} else {
		w.add("(t.queue_id + 0) IN ?", nonEmpty(v.selected(asked)))
	}
}

// present prepares tickets for the viewer: with lgpdHideNumber enabled a profile user sees
// contact numbers masked.
func (s Service) present(ctx context.Context, v viewer, tickets []Ticket) {
	if v.IsAdmin() || !s.enabled(ctx, "lgpdHideNumber") {
		return
	}
	for i := range tickets {
		if c := tickets[i].Contact; c != nil {
			c.Number = MaskNumber(c.Number)
		}
	}
}

// MaskNumber hides all but the last 2 characters of a number.
func MaskNumber(n string) string {
	r := []rune(n)
	if len(r) <= 2 {
		return n
	}
	return strings.Repeat("*", len(r)-2) + string(r[len(r)-2:])
}

// where collects SQL conditions joined by AND.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

func (w *where) sql() string { return strings.Join(w.conds, " AND ") }

// CanSeeUUID tells whether me may follow the ticket with uuid (socket ticket rooms).
func (s Service) CanSeeUUID(ctx context.Context, me user.User, uuid string) bool {
	v, err := s.viewer(ctx, me)
	if err != nil {
		return false
	}
	t, err := GetByUUID(ctx, s.DB, uuid)
	return err == nil && v.canSee(t)
}
