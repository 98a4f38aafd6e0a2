package api_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/connection"
	"atende/pkg/realtime"
	"atende/pkg/schedule"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// scheduleFixture is two companies, each with a contact, a sandbox connection, a queue.
type scheduleFixture struct {
	e          *env
	a, b       testutil.Tenant
	connA      connection.Connection
	connB      connection.Connection
	maria, joe int64 // contacts of a and b
	queueB     int64
	adminA     string
	agentA     string
	adminB     string
}

func newScheduleFixture(t *testing.T) scheduleFixture {
	e, a, b, connA, connB := twoSandboxes(t)
	f := scheduleFixture{e: e, a: a, b: b, connA: connA, connB: connB}
	f.maria = testutil.NewContact(t, e.App, a.Company.ID, "Maria Souza", "5511999990001", nil).ID
	f.joe = testutil.NewContact(t, e.App, b.Company.ID, "Joe", "5511999990002", nil).ID
	f.queueB = testutil.NewQueue(t, e.App, b.Company.ID, "Deles", "#00f").ID
	f.adminA, f.agentA, f.adminB = e.tokenOf(a.Admin), e.tokenOf(a.Attender), e.tokenOf(b.Admin)
	return f
}

func (f scheduleFixture) form(over map[string]any) map[string]any {
	return merge(map[string]any{"body": "Lembrete da consulta", "contactId": f.maria,
		"sendAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}, over)
}

// create posts a schedule and returns it.
func (f scheduleFixture) create(t *testing.T, token string, over map[string]any) schedule.Schedule {
	t.Helper()
	st, body := f.e.call("POST", "/schedules", token, f.form(over), "")
	if st != 201 {
		t.Fatalf("create: %d %s", st, body)
	}
	return decode[schedule.Schedule](t, body)
}

func (f scheduleFixture) status(id int64) (status, errText string, done int) {
	var row struct {
		Status, Error string
		SendsDone     int
	}
	f.e.App.DB.Raw("SELECT status, error, sends_done FROM schedules WHERE id = ?", id).Scan(&row)
	return row.Status, row.Error, row.SendsDone
}

// scheduledFires lists the fire tasks waiting for their time.
func scheduledFires(t *testing.T, e *env) []string {
	t.Helper()
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	infos, _ := in.ListScheduledTasks(tasks.QueueDefault, asynq.PageSize(1000))
	var ids []string
	for _, ti := range infos {
		if ti.Type == tasks.TypeScheduleFire {
			ids = append(ids, ti.ID)
		}
	}
	return ids
}

// Bad input gets the spec's messages and writes nothing; company B reaches none of A's
// rows through any endpoint, nor links A's schedule to its own contact, queue or user.
func TestSchedulesInputAndTenancy(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	post := func(name string, over map[string]any, status int, contain ...string) scenario {
		code := ""
		if status == 400 {
			code = "ERR_VALIDATION"
		}
		return scenario{name: name, method: "POST", path: "/schedules", token: f.agentA, body: f.form(over), status: status, code: code, contain: contain}
	}
	e.run(t, []scenario{
		post("body required", map[string]any{"body": " "}, 400, `"body":"Obrigatório"`),
		post("body under 5 characters", map[string]any{"body": "oi!"}, 400, `"body":"Mensagem muito curta"`),
		post("contact required", map[string]any{"contactId": nil}, 400, `"contactId":"Obrigatório"`),
		post("sendAt required", map[string]any{"sendAt": ""}, 400, `"sendAt":"Obrigatório"`),
		post("sendAt not a date", map[string]any{"sendAt": "amanhã"}, 400, `"sendAt":"Data inválida"`),
		post("B's contact", map[string]any{"contactId": f.joe}, 400, `"contactId":"Contato inválido."`),
		post("B's connection", map[string]any{"whatsappId": f.connB.ID}, 400, `"whatsappId":"Conexão inválida."`),
		post("B's user", map[string]any{"ticketUserId": f.b.Admin.ID}, 400, `"ticketUserId":"Usuário inválido."`),
		post("B's queue", map[string]any{"queueId": f.queueB}, 400, `"queueId":"Fila inválida."`),
		post("ticket status", map[string]any{"statusTicket": "lgpd"}, 400, `"statusTicket"`),
		post("interval unit", map[string]any{"intervalo": 5}, 400, `"intervalo":"Informe um número entre 1 e 4"`),
		post("day rule", map[string]any{"tipoDias": 3}, 400, `"tipoDias":"Informe um número entre 4 e 6"`),
		post("number of sends", map[string]any{"valorIntervalo": 1, "enviarQuantasVezes": 0}, 400, `"enviarQuantasVezes"`),
		post("negative step", map[string]any{"valorIntervalo": -1}, 400, `"valorIntervalo"`),
		{name: "openTicket neither on nor off", method: "POST", path: "/schedules", token: f.agentA,
			body: f.form(map[string]any{"openTicket": "talvez"}), status: 400, code: "ERR_BAD_REQUEST"},
	})
	if n := count(e, "SELECT count(*) FROM schedules"); n != 0 {
		t.Fatalf("refused requests wrote %d schedules", n)
	}
	mine := f.create(t, f.agentA, map[string]any{"sendAt": "2030-01-15T09:30"})
	if mine.Status != "PENDENTE" || mine.StatusTicket != "closed" || !bool(mine.OpenTicket) || mine.Intervalo != 1 ||
		mine.ValorIntervalo != 0 || mine.EnviarQuantasVezes != 1 || mine.TipoDias != 4 || mine.Contact == nil ||
		mine.Contact.Name != "Maria Souza" || mine.UserID == nil || *mine.UserID != f.a.Attender.ID {
		t.Fatalf("created %+v", mine)
	}
	if want := time.Date(2030, 1, 15, 12, 30, 0, 0, time.UTC); !mine.SendAt.Equal(want) {
		t.Fatalf("a wall time is read in the company's zone: %s", mine.SendAt)
	}
	if fires := scheduledFires(t, e); len(fires) != 1 {
		t.Fatalf("fire tasks planned: %v", fires)
	}
	path := "/schedules/" + itoa(mine.ID)
	png, pngType := avatarForm(t, "file", "a.png", tinyPNG(t))
	e.run(t, []scenario{
		get("A lists its schedule", "/schedules", f.adminA, 200, nil, `"body":"Lembrete da consulta"`, `"openTicket":"enabled"`, `"hasMore":false`),
		get("by contact", "/schedules?contactId="+itoa(f.maria), f.adminA, 200, nil, `"id":`+itoa(mine.ID)),
		get("search by contact name", "/schedules?searchParam=SOUZA", f.adminA, 200, nil, `"id":`+itoa(mine.ID)),
		get("calendar range", "/schedules?start=2030-01-01T00:00:00Z&end=2030-02-01T00:00:00Z", f.adminA, 200, nil, `"id":`+itoa(mine.ID)),
		get("a range elsewhere", "/schedules?start=2030-02-01T00:00:00Z&end=2030-03-01T00:00:00Z", f.adminA, 200, nil, `"schedules":[]`),
		get("a range too wide", "/schedules?start=2030-01-01T00:00:00Z&end=2031-01-01T00:00:00Z", f.adminA, 400, nil, "ERR_VALIDATION"),
		get("B lists nothing of A", "/schedules", f.adminB, 200, nil, `"schedules":[]`),
		get("B can't read A's", path, f.adminB, 404, nil, "ERR_SCHEDULE_NOT_FOUND"),
		{name: "B can't change A's", method: "PUT", path: path, token: f.adminB, body: map[string]any{"body": "Invadido!"}, status: 404, code: "ERR_SCHEDULE_NOT_FOUND"},
		{name: "B can't attach to A's", method: "POST", path: path + "/media-upload", token: f.adminB, body: png, ctype: pngType, status: 404, code: "ERR_SCHEDULE_NOT_FOUND"},
		{name: "B can't remove A's file", method: "DELETE", path: path + "/media-upload", token: f.adminB, status: 404, code: "ERR_SCHEDULE_NOT_FOUND"},
		{name: "B can't delete A's", method: "DELETE", path: path, token: f.adminB, status: 404, code: "ERR_SCHEDULE_NOT_FOUND"},
		{name: "A can't point its schedule at B's contact", method: "PUT", path: path, token: f.adminA, body: map[string]any{"contactId": f.joe},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"contactId":"Contato inválido."`}},
		{name: "A edits (a colleague's schedule too)", method: "PUT", path: path, token: f.adminA, body: map[string]any{"body": "Lembrete: consulta amanhã"},
			status: 200, contain: []string{`"body":"Lembrete: consulta amanhã"`}},
	})
	if n := count(e, "SELECT count(*) FROM schedules WHERE body = 'Invadido!' OR contact_id = ?", f.joe); n != 0 {
		t.Fatal("B changed A's schedule")
	}
	e.sql("UPDATE plans SET use_schedules = false WHERE id = ?", f.a.Company.PlanID)
	for _, rt := range []struct{ method, path string }{{"GET", "/schedules"}, {"GET", path}, {"POST", "/schedules"}, {"PUT", path},
		{"DELETE", path}, {"POST", path + "/media-upload"}, {"DELETE", path + "/media-upload"}} {
		e.run(t, []scenario{{name: "plan without useSchedules: " + rt.method + " " + rt.path, method: rt.method, path: rt.path,
			token: f.adminA, body: map[string]any{}, status: 403, code: "ERR_NO_PERMISSION"}})
	}
	e.sql("UPDATE plans SET use_schedules = true WHERE id = ?", f.a.Company.PlanID)
	e.run(t, []scenario{{name: "delete", method: "DELETE", path: path, token: f.agentA, status: 200},
		get("deleted", path, f.agentA, 404, nil, "ERR_SCHEDULE_NOT_FOUND")})
}

// A schedule names its contact by name only (spec/3): with lgpdHideNumber on, an attendant
// reads no number through a schedule, its list or its event.
func TestScheduleShowsNoNumber(t *testing.T) {
	f := newScheduleFixture(t)
	testutil.SetSetting(t, f.e.App, f.a.Company.ID, "lgpdHideNumber", "enabled")
	agent := dial(t, f.e.Srv.URL, testutil.Token(t, f.e.App, f.a.Attender))
	ready(t, f.e, agent, f.a.Attender.ID)
	sc := f.create(t, f.agentA, nil)
	if sc.Contact == nil || sc.Contact.Name != "Maria Souza" {
		t.Fatalf("contact %+v", sc.Contact)
	}
	f.e.run(t, []scenario{
		get("list", "/schedules", f.agentA, 200, nil, `"Maria Souza"`),
		get("one", "/schedules/"+itoa(sc.ID), f.agentA, 200, nil, `"Maria Souza"`),
	})
	for _, p := range []string{"/schedules", "/schedules/" + itoa(sc.ID)} {
		if _, body := f.e.call("GET", p, f.agentA, nil, ""); strings.Contains(string(body), "99990001") {
			t.Fatalf("GET %s shows the number: %s", p, body)
		}
	}
	frame, ok := nextWith(t, agent, realtime.EventName(f.a.Company.ID, "schedule"), `"Maria Souza"`, 5*time.Second)
	if !ok || strings.Contains(string(frame.Data), "99990001") {
		t.Fatalf("schedule event (got %v): %s", ok, frame.Data)
	}
}

func TestScheduleMedia(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	sc := f.create(t, f.agentA, nil)
	path := "/schedules/" + itoa(sc.ID) + "/media-upload"
	upload := func(name, filename string, data []byte, status int, code string, contain ...string) scenario {
		body, ctype := avatarForm(t, "file", filename, data)
		return scenario{name: name, method: "POST", path: path, token: f.agentA, body: body, ctype: ctype, status: status, code: code, contain: contain}
	}
	e.run(t, []scenario{
		upload("a pdf is not an image", "a.pdf", []byte("%PDF-1.4 test"), 400, "ERR_INVALID_FILE_TYPE"),
		upload("html named .png is sniffed", "x.png", []byte("<html><script>alert(1)</script></html>"), 400, "ERR_INVALID_FILE_TYPE"),
		upload("too large", "big.png", append(tinyPNG(t), make([]byte, 11<<20)...), 413, ""),
		upload("png stored", "promo.png", tinyPNG(t), 200, "", `"mediaName":"promo.png"`, `"mediaPath":"/media/`),
		{name: "remove", method: "DELETE", path: path, token: f.agentA, status: 200, contain: []string{`"mediaName":""`, `"mediaPath":""`}},
	})
	if files := mediaFiles(t, e); len(files) != 0 {
		t.Fatalf("files left: %v", files)
	}
	// Multipart create: the fields and the image in one request.
	body, ctype := multipartForm(t, map[string]string{"body": "Promoção de hoje", "contactId": itoa(f.maria),
		"sendAt": time.Now().Add(time.Hour).Format(time.RFC3339), "openTicket": "disabled", "assinar": "true"}, "file", "p.jpg", tinyPNG(t))
	e.run(t, []scenario{{name: "multipart create", method: "POST", path: "/schedules", token: f.agentA, body: body, ctype: ctype,
		status: 201, contain: []string{`"mediaName":"p.jpg"`, `"openTicket":"disabled"`, `"assinar":true`}}})
}

// The whole path through the worker and the sandbox: openTicket stores the rendered,
// signed message in a ticket opened with the schedule's status; off, the raw body goes
// out and nothing is stored; a repetition is planned; a failure ends in ERRO; the
// calendar hears every change.
func TestScheduleFiresEndToEnd(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	q := testutil.NewQueue(t, e.App, f.a.Company.ID, "Agenda", "#0a0")
	ev := e.watch()
	startWorker(t, e)
	now := time.Now().UTC().Format(time.RFC3339)

	stored := f.create(t, f.agentA, map[string]any{"body": "Olá {{firstName}}, sua consulta é amanhã.", "sendAt": now,
		"assinar": true, "queueId": q.ID, "statusTicket": "pending"})
	eventually(t, "the stored schedule sent", func() bool { st, _, _ := f.status(stored.ID); return st == schedule.StatusSent })
	eventually(t, "delivered to the sandbox", func() bool {
		return count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = ?", "*User agent@acme.test:*\nOlá Maria, sua consulta é amanhã.") == 1
	})
	var tk struct {
		ID      int64
		Status  string
		QueueID int64
	}
	e.App.DB.Raw("SELECT id, status, queue_id FROM tickets WHERE contact_id = ?", f.maria).Scan(&tk)
	if tk.Status != "pending" || tk.QueueID != q.ID || count(e, "SELECT count(*) FROM messages WHERE ticket_id = ? AND from_me AND ack >= 1", tk.ID) != 1 {
		t.Fatalf("ticket %+v: the message is not stored in a pending ticket of the queue", tk)
	}
	ev.want(t, fmt.Sprintf("company-%d-schedule", f.a.Company.ID), `"status":"ENVIADA"`, `"contadorEnvio":1`)

	raw := f.create(t, f.agentA, map[string]any{"body": "Oi {{name}}, sem ticket.", "sendAt": now, "openTicket": "disabled", "assinar": true})
	eventually(t, "the raw schedule sent", func() bool { st, _, _ := f.status(raw.ID); return st == schedule.StatusSent })
	if count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = 'Oi {{name}}, sem ticket.'") != 1 ||
		count(e, "SELECT count(*) FROM messages WHERE body LIKE '%sem ticket%'") != 0 {
		t.Fatal("openTicket off: the raw body must go out unrendered and unstored")
	}
	eventually(t, "the phone's receipts of the unstored message settled, not retried", func() bool {
		return count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = 'Oi {{name}}, sem ticket.' AND ack = 3") == 1
	})

	rec := f.create(t, f.agentA, map[string]any{"body": "Lembrete recorrente", "sendAt": now, "openTicket": "disabled",
		"intervalo": schedule.UnitMinutes, "valorIntervalo": 5, "enviarQuantasVezes": 3})
	eventually(t, "the first send, then planned again", func() bool { st, _, n := f.status(rec.ID); return st == schedule.StatusPending && n == 1 })
	st, body := e.call("GET", "/schedules/"+itoa(rec.ID), f.agentA, nil, "")
	again := decode[schedule.Schedule](t, body)
	if st != 200 || !again.SendAt.Equal(rec.SendAt.Add(5*time.Minute)) || again.SentAt != nil {
		t.Fatalf("re-planned %s, want %s (%s)", again.SendAt, rec.SendAt.Add(5*time.Minute), body)
	}
	if fires := scheduledFires(t, e); len(fires) != 1 || !strings.Contains(fires[0], fmt.Sprintf(":%d:2:", rec.ID)) {
		t.Fatalf("the second send is not planned: %v", fires)
	}

	fb := testutil.NewConnection(t, e.App, f.a.Company.ID, "Página", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelFacebook, connection.StatusConnected
	})
	failed := f.create(t, f.agentA, map[string]any{"sendAt": now, "whatsappId": fb.ID})
	eventually(t, "outside the 24-hour window: ERRO", func() bool { st, _, _ := f.status(failed.ID); return st == schedule.StatusError })
	if _, msg, _ := f.status(failed.ID); !strings.Contains(msg, "24 horas") {
		t.Fatalf("error shown: %q", msg)
	}
	ev.want(t, fmt.Sprintf("company-%d-schedule", f.a.Company.ID), `"status":"ERRO"`, "24 horas")
	e.run(t, []scenario{
		{name: "a sent schedule can't change", method: "PUT", path: "/schedules/" + itoa(stored.ID), token: f.agentA,
			body: map[string]any{"body": "Outro texto"}, status: 400, code: "ERR_SCHEDULE_SENT"},
		{name: "a failed one is planned again when saved", method: "PUT", path: "/schedules/" + itoa(failed.ID), token: f.agentA,
			body:   map[string]any{"whatsappId": f.connA.ID, "sendAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)},
			status: 200, contain: []string{`"status":"PENDENTE"`, `"error":""`}},
	})
}

// Exactly once: the same send fired by many workers at once, a duplicate task, two
// schedulers' reconcilers, and a Redis that lost the task: one delivery each.
func TestScheduleSendsOnce(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	sc := f.create(t, f.agentA, map[string]any{"sendAt": time.Now().UTC().Format(time.RFC3339), "body": "Uma vez só"})
	p := tasks.ScheduleFire{CompanyID: f.a.Company.ID, ScheduleID: sc.ID, Occurrence: 1, SendAt: sc.SendAt}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := e.App.Schedules.Fire(context.Background(), p, false); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	stale := p
	stale.SendAt = stale.SendAt.Add(-time.Hour)
	if err := e.App.Schedules.Fire(context.Background(), stale, false); err != nil {
		t.Fatal(err)
	}
	for range 2 { // two schedulers, each reconciling
		if err := worker.Reconcile(e.App, context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	startWorker(t, e)
	if n := count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = 'Uma vez só'"); n != 1 {
		t.Fatalf("sent %d times", n)
	}
	if st, _, n := f.status(sc.ID); st != schedule.StatusSent || n != 1 {
		t.Fatalf("status %s after %d sends", st, n)
	}

	// Redis lost the task: the reconciler's pass enqueues the due schedule again.
	lost := f.create(t, f.agentA, map[string]any{"body": "Perdido no Redis"})
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	for _, id := range scheduledFires(t, e) {
		if err := in.DeleteTask(tasks.QueueDefault, id); err != nil {
			t.Fatal(err)
		}
	}
	e.sql("UPDATE schedules SET send_at = now() - interval '1 minute', base_at = now() - interval '1 minute' WHERE id = ?", lost.ID)
	if err := schedule.Requeue(context.Background(), e.App.DB, e.App.Queue, e.App.RedisOpt, 0); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the requeued schedule sent", func() bool { st, _, _ := f.status(lost.ID); return st == schedule.StatusSent })
	if n := count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = 'Perdido no Redis'"); n != 1 {
		t.Fatalf("sent %d times", n)
	}
}

// Moving a schedule (a drag on the calendar) plans a new task; the old one ends as a no-op.
func TestScheduleMoveReplans(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	sc := f.create(t, f.agentA, map[string]any{"body": "Movido no calendário", "openTicket": "disabled"})
	later := sc.SendAt.Add(24 * time.Hour)
	e.run(t, []scenario{{name: "drag: sendAt alone", method: "PUT", path: "/schedules/" + itoa(sc.ID), token: f.agentA,
		body: map[string]any{"sendAt": later.Format(time.RFC3339)}, status: 200, contain: []string{`"body":"Movido no calendário"`}}})
	if fires := scheduledFires(t, e); len(fires) != 2 {
		t.Fatalf("want the old and the new task, got %v", fires)
	}
	old := tasks.ScheduleFire{CompanyID: f.a.Company.ID, ScheduleID: sc.ID, Occurrence: 1, SendAt: sc.SendAt}
	if err := e.App.Schedules.Fire(context.Background(), old, false); err != nil {
		t.Fatal(err)
	}
	if n := count(e, "SELECT count(*) FROM schedule_sends WHERE schedule_id = ?", sc.ID); n != 0 {
		t.Fatal("the old time's task claimed a send")
	}
	if st, _, _ := f.status(sc.ID); st != schedule.StatusPending {
		t.Fatalf("status %s", st)
	}
}

// multipartForm is a form with fields and one file.
func multipartForm(t *testing.T, fields map[string]string, field, filename string, data []byte) (io.Reader, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	part, err := w.CreateFormFile(field, filename)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	return &b, w.FormDataContentType()
}

// A send that failed and waits for its retry (a WhatsApp session no worker holds yet)
// keeps the schedule AGENDADA; deleting or moving it then fails the message it wrote, so
// the message reconciler never sends what the user cancelled.
func TestScheduleRetryThenCancel(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	wa := testutil.NewConnection(t, e.App, f.a.Company.ID, "WhatsApp", func(c *connection.Connection) { c.Status = connection.StatusConnected })
	now := time.Now().UTC().Format(time.RFC3339)
	fire := func(sc schedule.Schedule) error {
		return e.App.Schedules.Fire(context.Background(), tasks.ScheduleFire{CompanyID: f.a.Company.ID, ScheduleID: sc.ID, Occurrence: 1, SendAt: sc.SendAt}, false)
	}
	deleted := f.create(t, f.agentA, map[string]any{"sendAt": now, "whatsappId": wa.ID, "body": "Será excluído"})
	moved := f.create(t, f.agentA, map[string]any{"sendAt": now, "whatsappId": wa.ID, "body": "Será movido"})
	for _, sc := range []schedule.Schedule{deleted, moved} {
		if err := fire(sc); err == nil {
			t.Fatal("a send without a session owner succeeded")
		}
		if st, _, _ := f.status(sc.ID); st != schedule.StatusSending {
			t.Fatalf("status %s while retrying", st)
		}
	}
	e.run(t, []scenario{
		{name: "delete while retrying", method: "DELETE", path: "/schedules/" + itoa(deleted.ID), token: f.agentA, status: 200},
		{name: "move while retrying", method: "PUT", path: "/schedules/" + itoa(moved.ID), token: f.agentA,
			body: map[string]any{"sendAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}, status: 200, contain: []string{`"status":"PENDENTE"`}},
	})
	for body, why := range map[string]string{"Será excluído": schedule.MsgDeleted, "Será movido": schedule.MsgChanged} {
		if n := count(e, "SELECT count(*) FROM messages WHERE body = ? AND ack = -1 AND send_error = ?", body, why); n != 1 {
			t.Fatalf("%q: the abandoned message is not failed (%q)", body, why)
		}
	}
	if n := count(e, "SELECT count(*) FROM schedule_sends WHERE schedule_id = ?", moved.ID); n != 0 {
		t.Fatal("the moved schedule kept its old send")
	}
}
