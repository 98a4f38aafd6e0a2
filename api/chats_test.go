package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atende/pkg/app"
	"atende/pkg/chat"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
	"atende/pkg/user"
)

// chatFixture is company A (an admin, an attendant and a colleague in no chat) and
// company B; the attendant's chat "Equipe" has the admin as its other member.
type chatFixture struct {
	e                      *env
	a, b                   testutil.Tenant
	other                  user.User
	adminA, agentA, otherA string
	adminB                 string
	team                   chat.Chat
	teamPath               string
}

func newChatFixture(t *testing.T) chatFixture {
	e := newEnv(t)
	f := chatFixture{e: e, a: testutil.NewTenant(t, e.App, "acme", 0), b: testutil.NewTenant(t, e.App, "bolt", 0)}
	f.other = testutil.NewUser(t, e.App, f.a.Company.ID, "other@acme.test", user.ProfileUser, nil)
	f.adminA, f.agentA, f.otherA = e.tokenOf(f.a.Admin), e.tokenOf(f.a.Attender), e.tokenOf(f.other)
	f.adminB = e.tokenOf(f.b.Admin)
	f.team = f.create(t, f.agentA, "Equipe", f.a.Admin.ID)
	f.teamPath = "/chats/" + itoa(f.team.ID)
	return f
}

func (f chatFixture) create(t *testing.T, token, title string, users ...int64) chat.Chat {
	t.Helper()
	st, body := f.e.call("POST", "/chats", token, map[string]any{"title": title, "users": users}, "")
	if st != 201 {
		t.Fatalf("create chat: %d %s", st, body)
	}
	return decode[chat.Chat](t, body)
}

func (f chatFixture) unreads(chatID, userID int64) int64 {
	return count(f.e, "SELECT unreads FROM chat_users WHERE chat_id = ? AND user_id = ?", chatID, userID)
}

// Bad input gets its field message and writes nothing; a created chat has its owner and the
// users chosen, each once.
func TestChatCreateInput(t *testing.T) {
	f := newChatFixture(t)
	e := f.e
	before := count(e, "SELECT count(*) FROM chats")
	post := func(name string, body any, field, msg string) scenario {
		return scenario{name: name, method: "POST", path: "/chats", token: f.agentA, body: body, status: 400,
			code: "ERR_VALIDATION", contain: []string{`"` + field + `":"` + msg + `"`}}
	}
	e.run(t, []scenario{
		post("title required", map[string]any{"title": "  ", "users": []int64{f.a.Admin.ID}}, "title", chat.MsgRequired),
		post("title too long", map[string]any{"title": strings.Repeat("a", chat.TitleMax+1), "users": []int64{f.a.Admin.ID}}, "title", chat.MsgTooLong),
		post("users required", map[string]any{"title": "Sala"}, "users", chat.MsgNeedsMember),
		post("only oneself", map[string]any{"title": "Sala", "users": []int64{f.a.Attender.ID}}, "users", chat.MsgNeedsMember),
		post("another company's user", map[string]any{"title": "Sala", "users": []int64{f.a.Admin.ID, f.b.Admin.ID}}, "users", chat.MsgBadMember),
		post("a user that does not exist", map[string]any{"title": "Sala", "users": []int64{99999999}}, "users", chat.MsgBadMember),
		{name: "users not a list", method: "POST", path: "/chats", token: f.agentA, body: map[string]any{"title": "Sala", "users": "todos"},
			status: 400, code: "ERR_BAD_REQUEST"},
	})
	if n := count(e, "SELECT count(*) FROM chats"); n != before {
		t.Fatalf("refused requests wrote %d chats", n-before)
	}
	st, body := e.call("POST", "/chats", f.agentA, map[string]any{"title": " Plantão ",
		"users": []map[string]any{{"id": f.other.ID, "name": "x"}, {"id": f.other.ID}, {"id": f.a.Attender.ID}}}, "")
	if st != 201 {
		t.Fatalf("create with the picker's objects: %d %s", st, body)
	}
	c := decode[chat.Chat](t, body)
	if c.Title != "Plantão" || c.OwnerID == nil || *c.OwnerID != f.a.Attender.ID || len(c.Users) != 2 || c.UUID == "" {
		t.Fatalf("created %+v", c)
	}
}

// Every endpoint answers 404 for a chat of another company or one the caller is not in (an
// admin of the same company included), and lists show only the caller's chats.
func TestChatMembersOnly(t *testing.T) {
	f := newChatFixture(t)
	e := f.e
	theirs := chat.Chat{}
	{
		st, body := e.call("POST", "/chats", f.adminB, map[string]any{"title": "Deles", "users": []int64{f.b.Attender.ID}}, "")
		if st != 201 {
			t.Fatalf("B's chat: %d %s", st, body)
		}
		theirs = decode[chat.Chat](t, body)
	}
	// The attendant and the colleague, without the admin.
	private := f.create(t, f.agentA, "Particular", f.other.ID)
	bPath, privPath := "/chats/"+itoa(theirs.ID), "/chats/"+itoa(private.ID)
	notFound := func(name, method, path, token string, body any) scenario {
		return scenario{name: name, method: method, path: path, token: token, body: body, status: 404, code: "ERR_CHAT_NOT_FOUND"}
	}
	var rows []scenario
	for _, target := range []struct{ who, path, token string }{
		{"another company's chat", bPath, f.adminA},
		{"another company's chat by uuid", "/chats/" + theirs.UUID, f.adminA},
		{"a chat B is not in", f.teamPath, f.adminB},
		{"a chat the colleague is not in", f.teamPath, f.otherA},
		{"a chat the admin is not in", privPath, f.adminA},
		{"a chat the admin is not in, by uuid", "/chats/" + private.UUID, f.adminA},
		{"no such id", "/chats/0", f.agentA},
		{"not an id", "/chats/abc", f.agentA},
	} {
		rows = append(rows,
			notFound("show "+target.who, "GET", target.path, target.token, nil),
			notFound("messages of "+target.who, "GET", target.path+"/messages", target.token, nil),
			notFound("send to "+target.who, "POST", target.path+"/messages", target.token, map[string]any{"message": "Olá"}),
			notFound("read "+target.who, "POST", target.path+"/read", target.token, map[string]any{"userId": 1}),
			notFound("edit "+target.who, "PUT", target.path, target.token, map[string]any{"title": "Invadido"}),
			notFound("delete "+target.who, "DELETE", target.path, target.token, nil),
		)
	}
	rows = append(rows,
		get("the admin lists the team chat only", "/chats", f.adminA, 200, listed("records", func(c chat.Chat) string { return c.Title }, "Equipe")),
		get("the attendant lists both, newest first", "/chats", f.agentA, 200, listed("records", func(c chat.Chat) string { return c.Title }, "Particular", "Equipe")),
		get("search by title", "/chats?searchParam=EQUI", f.agentA, 200, listed("records", func(c chat.Chat) string { return c.Title }, "Equipe")),
		get("the colleague lists the private chat only", "/chats/", f.otherA, 200, listed("records", func(c chat.Chat) string { return c.Title }, "Particular")),
		get("B lists its own only", "/chats", f.adminB, 200, listed("records", func(c chat.Chat) string { return c.Title }, "Deles")),
		get("a member opens it by uuid", "/chats/"+f.team.UUID, f.adminA, 200, nil, `"title":"Equipe"`, `"name":"`+f.a.Admin.Name+`"`),
	)
	e.run(t, rows)
	if n := count(e, "SELECT count(*) FROM chat_messages"); n != 0 {
		t.Fatalf("refused sends wrote %d messages", n)
	}
	if n := count(e, "SELECT count(*) FROM chats WHERE title = 'Invadido'"); n != 0 {
		t.Fatal("a refused edit changed a chat")
	}
	if n := count(e, "SELECT count(*) FROM chats WHERE id IN (?, ?, ?)", theirs.ID, private.ID, f.team.ID); n != 3 {
		t.Fatal("a refused delete removed a chat")
	}
}

// Sending counts one unread for every other member; opening clears the reader's own;
// messages come in keyset pages, oldest first within a page.
func TestChatMessagesAndUnreads(t *testing.T) {
	f := newChatFixture(t)
	e := f.e
	msgs := f.teamPath + "/messages"
	e.run(t, []scenario{
		{name: "blank message", method: "POST", path: msgs, token: f.agentA, body: map[string]any{"message": " \n "},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"message":"Obrigatório"`}},
		{name: "message too long", method: "POST", path: msgs, token: f.agentA, body: map[string]any{"message": strings.Repeat("x", chat.MessageMax+1)},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"message":"Muito longo!"`}},
		{name: "send", method: "POST", path: msgs, token: f.agentA, body: map[string]any{"message": "Bom dia, equipe\nsegunda linha"},
			status: 201, contain: []string{`"message":"Bom dia, equipe\nsegunda linha"`, `"sender":{"id":` + itoa(f.a.Attender.ID)}},
		get("the admin has one unread", "/chats", f.adminA, 200, nil, `"unreads":1`, `"lastMessage":"Bom dia, equipe"`),
	})
	if f.unreads(f.team.ID, f.a.Admin.ID) != 1 || f.unreads(f.team.ID, f.a.Attender.ID) != 0 {
		t.Fatal("unreads after one message")
	}
	e.run(t, []scenario{
		{name: "the admin opens the chat", method: "POST", path: f.teamPath + "/read", token: f.adminA, body: map[string]any{"userId": f.a.Attender.ID},
			status: 200},
	})
	if f.unreads(f.team.ID, f.a.Admin.ID) != 0 || f.unreads(f.team.ID, f.a.Attender.ID) != 0 {
		t.Fatal("read clears the reader's count only (whatever userId says)")
	}
	for i := range 34 {
		if st, body := e.call("POST", msgs, f.adminA, map[string]any{"message": "m" + itoa(int64(i))}, ""); st != 201 {
			t.Fatalf("send %d: %d %s", i, st, body)
		}
	}
	if got := f.unreads(f.team.ID, f.a.Attender.ID); got != 34 {
		t.Fatalf("attendant unreads %d, want 34", got)
	}
	_, body := e.call("GET", msgs, f.agentA, nil, "")
	first := decode[chat.MessagePage](t, body)
	if len(first.Records) != chat.MessagesPerPage || !first.HasMore || first.Records[len(first.Records)-1].Message != "m33" ||
		first.Records[0].Message != "m4" || first.Records[0].Sender == nil || first.Records[0].Sender.Name != f.a.Admin.Name {
		t.Fatalf("first page: %d records, hasMore %v, %+v", len(first.Records), first.HasMore, first.Records[0])
	}
	// A message arriving meanwhile does not shift the keyset page.
	e.call("POST", msgs, f.adminA, map[string]any{"message": "nova"}, "")
	_, body = e.call("GET", msgs+"?before="+itoa(first.Records[0].ID), f.agentA, nil, "")
	older := decode[chat.MessagePage](t, body)
	var got []string
	for _, m := range older.Records {
		got = append(got, m.Message)
	}
	if older.HasMore || strings.Join(got, ",") != "Bom dia, equipe\nsegunda linha,m0,m1,m2,m3" {
		t.Fatalf("older page %v hasMore %v", got, older.HasMore)
	}
	_, body = e.call("GET", msgs+"?pageNumber=2", f.agentA, nil, "")
	if p := decode[chat.MessagePage](t, body); len(p.Records) != 6 || p.HasMore {
		t.Fatalf("pageNumber 2: %d records, hasMore %v", len(p.Records), p.HasMore)
	}
}

// The owner or an admin member edits and deletes; another member may not; a removed
// member loses the chat.
func TestChatEditAndDelete(t *testing.T) {
	f := newChatFixture(t)
	e := f.e
	log := e.watch()
	// The admin's chat with the attendant and the colleague.
	staff := f.create(t, f.adminA, "Staff", f.a.Attender.ID, f.other.ID)
	staffPath := "/chats/" + itoa(staff.ID)
	e.run(t, []scenario{
		{name: "a member who is neither owner nor admin can't edit", method: "PUT", path: staffPath, token: f.otherA,
			body: map[string]any{"title": "Meu"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "nor delete", method: "DELETE", path: staffPath, token: f.agentA, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "edit: blank title", method: "PUT", path: staffPath, token: f.adminA, body: map[string]any{"title": ""},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"title":"Obrigatório"`}},
		{name: "edit: no one left", method: "PUT", path: staffPath, token: f.adminA, body: map[string]any{"users": []int64{}},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"users":"` + chat.MsgNeedsMember + `"`}},
		{name: "edit: another company's user", method: "PUT", path: staffPath, token: f.adminA, body: map[string]any{"users": []int64{f.b.Attender.ID}},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"users":"` + chat.MsgBadMember + `"`}},
		{name: "the owner renames and drops the colleague", method: "PUT", path: staffPath, token: f.adminA,
			body: map[string]any{"title": "Supervisão", "users": []int64{f.a.Attender.ID}}, status: 200,
			contain: []string{`"title":"Supervisão"`}, absent: []string{`"userId":` + itoa(f.other.ID) + `,`}},
		get("the dropped colleague no longer reaches it", staffPath, f.otherA, 404, nil, "ERR_CHAT_NOT_FOUND"),
		{name: "an admin member edits a chat it does not own", method: "PUT", path: f.teamPath, token: f.adminA,
			body: map[string]any{"title": "Equipe A"}, status: 200, contain: []string{`"title":"Equipe A"`, `"ownerId":` + itoa(f.a.Attender.ID)}},
		{name: "the owner stays a member whatever the list says", method: "PUT", path: f.teamPath, token: f.agentA,
			body: map[string]any{"users": []int64{f.other.ID}}, status: 200, contain: []string{`"userId":` + itoa(f.a.Attender.ID)}},
		{name: "an admin member deletes", method: "DELETE", path: staffPath, token: f.adminA, status: 200},
		get("deleted", staffPath, f.agentA, 404, nil, "ERR_CHAT_NOT_FOUND"),
	})
	if n := count(e, "SELECT count(*) FROM chat_users WHERE chat_id = ?", staff.ID); n != 0 {
		t.Fatalf("members left behind: %d", n)
	}
	// The dropped colleague was told, on their own room only; the members saw the new title.
	cid := f.a.Company.ID
	raw := log.want(t, chat.UserEvent(cid, f.other.ID), `"action":"delete"`, `"id":`+itoa(staff.ID))
	if ev, _ := realtime.Decode([]byte(raw)); len(ev.Rooms) != 1 || ev.Rooms[0] != realtime.UserRoom(f.other.ID) {
		t.Fatalf("the removal went to %v", ev.Rooms)
	}
	log.want(t, chat.UserEvent(cid, f.a.Attender.ID), `"action":"update"`, "Supervisão")
	log.none(t, chat.UserEvent(cid, f.other.ID), `"action":"update"`, "Supervisão")
}

// Without the plan's useInternalChat every chat route is refused.
func TestChatPlanFlag(t *testing.T) {
	f := newChatFixture(t)
	e := f.e
	e.sql("UPDATE plans SET use_internal_chat = false WHERE id = ?", f.a.Company.PlanID)
	for _, rt := range []struct{ method, path string }{{"GET", "/chats"}, {"GET", f.teamPath}, {"POST", "/chats"}, {"PUT", f.teamPath},
		{"DELETE", f.teamPath}, {"GET", f.teamPath + "/messages"}, {"POST", f.teamPath + "/messages"}, {"POST", f.teamPath + "/read"}} {
		e.run(t, []scenario{{name: "plan without useInternalChat: " + rt.method + " " + rt.path, method: rt.method, path: rt.path,
			token: f.agentA, body: map[string]any{"message": "oi", "title": "x", "users": []int64{f.a.Admin.ID}}, status: 403, code: "ERR_NO_PERMISSION"}})
	}
	e.run(t, []scenario{get("B's plan still has it", "/chats", f.adminB, 200, nil, `"records":[]`)})
}

// ready waits until sock receives events sent to userID's room (the hub holds it). The
// marker is published again every 200 ms, because one published before the socket joined its
// rooms is gone; the read stays open the whole time, because a coder/websocket read whose
// context expires closes the connection. The deadline is only for a socket that never joins,
// and is generous because a loaded CI machine (go test -race, -p 2) took over 5 s once.
func ready(t *testing.T, e *env, sock *websocket.Conn, userID int64) {
	t.Helper()
	readyIn(t, e.App, sock, realtime.UserRoom(userID))
}

// readyIn is ready for any room sock has joined or asked to join (a join request reaches the
// hub after the request is sent, not when send returns).
func readyIn(t *testing.T, a *app.App, sock *websocket.Conn, room string) {
	t.Helper()
	done := make(chan struct{})
	defer close(done)
	go func() {
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			_ = a.Events.Publish(context.Background(), realtime.Event{Rooms: []string{room}, Name: "ready", Data: 1})
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	if _, ok := next(t, sock, "ready", 30*time.Second); !ok {
		t.Fatal("socket never ready")
	}
}

// A chat's events reach its members' sockets only: never a colleague of the same company
// who is not in it, never another company's socket.
func TestChatEventsReachMembersOnly(t *testing.T) {
	f := newChatFixture(t)
	e := f.e
	cid := f.a.Company.ID
	admin, agent := dial(t, e.Srv.URL, f.adminA), dial(t, e.Srv.URL, f.agentA)
	other, outsider := dial(t, e.Srv.URL, f.otherA), dial(t, e.Srv.URL, f.adminB)
	ready(t, e, admin, f.a.Admin.ID)
	ready(t, e, agent, f.a.Attender.ID)
	ready(t, e, other, f.other.ID)
	ready(t, e, outsider, f.b.Admin.ID)
	// The colleague may not listen in on a member's room.
	send(t, other, map[string]string{"type": "join", "room": realtime.UserRoom(f.a.Admin.ID)})
	if fr, ok := next(t, other, "error", 2*time.Second); !ok || !strings.Contains(string(fr.Data), "ERR_NO_PERMISSION") {
		t.Fatal("joining another user's room was not refused")
	}

	room := f.create(t, f.agentA, "Sala", f.a.Admin.ID)
	if _, ok := nextWith(t, admin, chat.UserEvent(cid, f.a.Admin.ID), `"action":"create"`, 3*time.Second); !ok {
		t.Fatal("the member did not learn of the new chat")
	}
	e.call("POST", "/chats/"+itoa(room.ID)+"/messages", f.agentA, map[string]any{"message": "Segredo da sala"}, "")
	fr, ok := next(t, admin, realtime.EventName(cid, "chat"), 3*time.Second)
	if !ok || !strings.Contains(string(fr.Data), `"action":"new-message"`) || !strings.Contains(string(fr.Data), "Segredo da sala") ||
		!strings.Contains(string(fr.Data), `"unreads":1`) {
		t.Fatalf("member's new-message: %v %s", ok, fr.Data)
	}
	if _, ok := nextWith(t, admin, chat.ChatEvent(cid, room.ID), "Segredo da sala", 3*time.Second); !ok {
		t.Fatal("the open conversation's event did not arrive")
	}
	if _, ok := nextWith(t, agent, chat.ChatEvent(cid, room.ID), "Segredo da sala", 3*time.Second); !ok {
		t.Fatal("the sender's other tabs did not get the message")
	}
	e.call("POST", "/chats/"+itoa(room.ID)+"/read", f.adminA, map[string]any{}, "")
	if _, ok := nextWith(t, admin, chat.UserEvent(cid, f.a.Admin.ID), `"action":"update"`, 3*time.Second); !ok {
		t.Fatal("the reader's tabs did not learn the read")
	}
	e.call("PUT", "/chats/"+itoa(room.ID), f.agentA, map[string]any{"title": "Sala 2"}, "")
	e.call("DELETE", "/chats/"+itoa(room.ID), f.agentA, nil, "")
	if _, ok := nextWith(t, admin, chat.UserEvent(cid, f.a.Admin.ID), `"action":"delete"`, 3*time.Second); !ok {
		t.Fatal("the member did not learn of the delete")
	}
	// Everything above was published before the markers: a non-member got none of it.
	never(t, framesUntilMarker(t, e, other, realtime.UserRoom(f.other.ID)), realtime.EventName(cid, "chat"))
	never(t, framesUntilMarker(t, e, outsider, realtime.UserRoom(f.b.Admin.ID)), realtime.EventName(cid, "chat"))
}
