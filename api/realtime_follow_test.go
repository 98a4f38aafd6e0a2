package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atende/api"
	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/user"
)

// follow is a desk whose sockets are held by a second api instance, so that what changes a
// user or a company reaches them only through the database's notifications, as in a
// deployment with several api processes. The second instance's clock can be moved.
type follow struct {
	*desk
	srv2  string
	ahead atomic.Int64 // how far the second instance's clock runs ahead, in ns
}

func newFollow(t *testing.T) *follow {
	t.Helper()
	e := newEnv(t)
	f := &follow{desk: newDesk(e, "acme")}
	other := api.New(e.App)
	other.Hub.Sweep = 20 * time.Millisecond
	other.Hub.Now = func() time.Time { return time.Now().Add(time.Duration(f.ahead.Load())) }
	srv := httptest.NewServer(other.Handler())
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go other.Hub.Run(ctx)
	<-other.Hub.Ready()
	f.srv2 = srv.URL
	return f
}

// joined sends the messages and returns once the socket has handled them: a refused join
// sent after them comes back after they are applied.
func joined(t *testing.T, sock *websocket.Conn, msgs ...map[string]string) {
	t.Helper()
	room := realtime.TicketRoom("00000000-0000-0000-0000-000000000000")
	for _, m := range append(msgs, map[string]string{"type": "join", "room": room}) {
		send(t, sock, m)
	}
	if _, ok := nextWith(t, sock, "error", room, 5*time.Second); !ok {
		t.Fatal("the socket did not answer its joins")
	}
}

func chatBox(r ticketRef) map[string]string {
	return map[string]string{"type": "joinChatBox", "ticketId": r.UUID}
}

func statusList(status string) map[string]string {
	return map[string]string{"type": "joinTickets", "status": status}
}

// customerSays publishes what an inbound customer message publishes for the ticket.
func (f *follow) customerSays(r ticketRef, body string) {
	f.e.t.Helper()
	ctx := tenant.With(context.Background(), f.Company.ID)
	tk, err := ticket.Get(ctx, f.e.App.DB, r.ID)
	if err != nil {
		f.e.t.Fatal(err)
	}
	message.Publish(ctx, f.e.App.Events, "create",
		message.Message{CompanyID: tk.CompanyID, TicketID: tk.ID, ContactID: &tk.ContactID, Body: body}, tk)
}

func (f *follow) appMessage() string { return realtime.EventName(f.Company.ID, "appMessage") }

// hears waits for the customer's message on sock.
func (f *follow) hears(sock *websocket.Conn, body string) frame {
	f.e.t.Helper()
	fr, ok := nextWith(f.e.t, sock, f.appMessage(), body, 5*time.Second)
	if !ok {
		f.e.t.Fatalf("the socket did not get %q", body)
	}
	return fr
}

// deaf says the customer's body and checks that sock does not get it: a company event
// published after it arrives first.
func (f *follow) deaf(sock *websocket.Conn, r ticketRef, body string) {
	f.e.t.Helper()
	f.customerSays(r, body)
	mark := realtime.ToCompany(f.Company.ID, "marker", body)
	if err := f.e.App.Events.Publish(context.Background(), mark); err != nil {
		f.e.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		fr, err := readFrame(ctx, sock)
		if err != nil {
			f.e.t.Fatalf("no marker after %q: %v", body, err)
		}
		if fr.Event == mark.Name {
			return
		}
		if fr.Event == f.appMessage() && strings.Contains(string(fr.Data), body) {
			f.e.t.Fatalf("the socket still got the customer's %q", body)
		}
	}
}

// refused waits for the hub to say the socket left room.
func refused(t *testing.T, sock *websocket.Conn, room string) {
	t.Helper()
	if f, ok := nextWith(t, sock, "error", room, 5*time.Second); !ok || !strings.Contains(string(f.Data), "ERR_NO_PERMISSION") {
		t.Fatalf("the socket was not taken out of %s", room)
	}
}

// closedWith reads sock until the server closes it, and checks the close frame; frames
// read on the way go to seen.
func closedWith(t *testing.T, sock *websocket.Conn, reason string, seen func(frame)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		fr, err := readFrame(ctx, sock)
		if err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || ce.Reason != reason {
				t.Fatalf("socket ended with %v, want a close frame saying %s", err, reason)
			}
			return
		}
		if seen != nil {
			seen(fr)
		}
	}
}

// (a) A deleted attendant's socket closes; the web app finds its session gone.
func TestSocketOfDeletedUserCloses(t *testing.T) {
	f := newFollow(t)
	r := f.ticket(tk{queue: f.q1})
	sock := dial(t, f.srv2, f.agent)
	joined(t, sock, chatBox(r), statusList("pending"))
	f.customerSays(r, "antes")
	f.hears(sock, "antes")

	if st, body := f.e.call("DELETE", "/users/"+itoa(f.Attender.ID), f.admin, nil, ""); st != 200 {
		t.Fatalf("delete: %d %s", st, body)
	}
	closedWith(t, sock, realtime.ReasonSessionExpired, nil)
}

// (b) An admin demoted to user leaves the chat of a ticket outside their queues, their
// status list stops carrying that ticket, and it shows them masked numbers from then on
// (lgpdHideNumber), as REST does.
func TestSocketFollowsDemotion(t *testing.T) {
	f := newFollow(t)
	f.e.setSetting(f.Company.ID, "lgpdHideNumber", "enabled")
	boss := newAdmin(f)
	r := f.ticket(tk{queue: f.q3, number: "5511987654321"})
	mine := f.ticket(tk{queue: f.q1, number: "5511987654322"})
	chat := dial(t, f.srv2, f.e.tokenOf(boss))
	list := dial(t, f.srv2, f.e.tokenOf(boss))
	joined(t, chat, chatBox(r))
	joined(t, list, statusList("pending"))
	f.customerSays(r, "antes")
	f.hears(chat, "antes")
	if fr := f.hears(list, "antes"); !strings.Contains(string(fr.Data), "5511987654321") {
		t.Fatalf("the admin saw %s", fr.Data)
	}

	if st, body := f.e.call("PUT", "/users/"+itoa(boss.ID), f.admin, map[string]string{"profile": "user"}, ""); st != 200 {
		t.Fatalf("demote: %d %s", st, body)
	}
	refused(t, chat, realtime.TicketRoom(r.UUID))
	f.deaf(chat, r, "depois")
	f.deaf(list, r, "depois") // queue q3 is not the user's any more
	f.customerSays(mine, "na fila dele")
	fr := f.hears(list, "na fila dele")
	if strings.Contains(string(fr.Data), "5511987654322") || !strings.Contains(string(fr.Data), "***********22") {
		t.Fatalf("the demoted user saw %s", fr.Data)
	}
}

// newAdmin is a second admin of f's company, in queue q1 only.
func newAdmin(f *follow) user.User {
	f.e.t.Helper()
	st, body := f.e.call("POST", "/users", f.admin, userInput("boss@acme.test",
		map[string]any{"profile": "admin", "queueIds": []int64{f.q1}}), "")
	if st != http.StatusCreated {
		f.e.t.Fatalf("create admin: %d %s", st, body)
	}
	return decode[user.User](f.e.t, body)
}

// (b) A user whose allUserChat is switched off (plain SQL: whoever writes the row) leaves
// the chat of a ticket outside their queues.
func TestSocketFollowsPermissionOff(t *testing.T) {
	f := newFollow(t)
	f.e.setUser(f.mate.ID, "all_user_chat", "enabled")
	r := f.ticket(tk{queue: f.q3, user: f.Attender.ID, status: "open"})
	sock := dial(t, f.srv2, f.e.tokenOf(f.mate))
	joined(t, sock, chatBox(r))
	f.customerSays(r, "antes")
	f.hears(sock, "antes")

	f.e.setUser(f.mate.ID, "all_user_chat", "disabled")
	refused(t, sock, realtime.TicketRoom(r.UUID))
	f.deaf(sock, r, "depois")
}

// (c) An attendant taken out of a queue leaves the chats of that queue's tickets and keeps
// those of the queues they still have.
func TestSocketLeavesTicketOfLostQueue(t *testing.T) {
	f := newFollow(t)
	lost, kept := f.ticket(tk{queue: f.q2}), f.ticket(tk{queue: f.q1})
	sock := dial(t, f.srv2, f.agent)
	joined(t, sock, chatBox(lost), chatBox(kept))
	f.customerSays(lost, "antes")
	f.hears(sock, "antes")

	if st, body := f.e.call("PUT", "/users/"+itoa(f.Attender.ID), f.admin,
		map[string]any{"queueIds": []int64{f.q1}}, ""); st != 200 {
		t.Fatalf("update queues: %d %s", st, body)
	}
	refused(t, sock, realtime.TicketRoom(lost.UUID))
	f.deaf(sock, lost, "depois")
	f.customerSays(kept, "ainda")
	f.hears(sock, "ainda")
}

// (d) A bumped token version (a changed or reset password, a sign-in elsewhere, whoever
// wrote it) closes the sockets opened with the older one, after the takeover notice the
// web app signs out on.
func TestSocketClosesOnTokenVersionBump(t *testing.T) {
	f := newFollow(t)
	r := f.ticket(tk{queue: f.q1})
	sock := dial(t, f.srv2, f.agent)
	joined(t, sock, chatBox(r))
	f.customerSays(r, "antes")
	f.hears(sock, "antes")

	f.e.sql("UPDATE users SET token_version = token_version + 1 WHERE id = ?", f.Attender.ID)
	notified := false
	closedWith(t, sock, realtime.ReasonSessionExpired, func(fr frame) {
		if fr.Event == realtime.EventName(f.Company.ID, "auth") && strings.Contains(string(fr.Data), `"tokenVersion":1`) {
			notified = true
		}
	})
	if !notified {
		t.Fatal("no takeover notice before the close")
	}
}

// (e) A company whose due date is moved into the past has its sockets closed, and a new
// one is refused with the 402 REST answers.
func TestSocketClosesWhenCompanyExpires(t *testing.T) {
	f := newFollow(t)
	sock := dial(t, f.srv2, f.agent)
	joined(t, sock, statusList("pending"))

	f.e.sql("UPDATE companies SET due_date = current_date - 2 WHERE id = ?", f.Company.ID)
	closedWith(t, sock, realtime.ReasonSubscriptionExpired, nil)
	if st, _ := f.e.call("GET", "/auth/me", f.agent, nil, ""); st != 200 {
		t.Fatalf("/auth/me answers %d to an expired company", st)
	}
	if st, _ := f.e.call("GET", "/tickets", f.agent, nil, ""); st != http.StatusPaymentRequired {
		t.Fatalf("REST answers %d", st)
	}
	res, err := http.Get(f.srv2 + "/socket?token=" + f.agent)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("socket of an expired company: %d, want 402", res.StatusCode)
	}
}

// (e) The subscription also ends by the clock passing the due date, with no write: the hub's
// sweep closes the sockets then.
func TestSocketClosesAtDueDate(t *testing.T) {
	f := newFollow(t)
	f.e.sql("UPDATE companies SET due_date = current_date WHERE id = ?", f.Company.ID)
	sock := dial(t, f.srv2, f.agent)
	joined(t, sock, statusList("pending"))
	f.ahead.Store(int64(72 * time.Hour))
	closedWith(t, sock, realtime.ReasonSubscriptionExpired, nil)
}
