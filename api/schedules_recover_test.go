package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/connection"
	"atende/pkg/schedule"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// next is the send a schedule plans now (its number and time).
func (f scheduleFixture) next(t *testing.T, id int64) tasks.ScheduleFire {
	t.Helper()
	var row struct {
		SendAt    time.Time
		SendsDone int
	}
	f.e.App.DB.Raw("SELECT send_at, sends_done FROM schedules WHERE id = ?", id).Scan(&row)
	return tasks.ScheduleFire{CompanyID: f.a.Company.ID, ScheduleID: id, Occurrence: row.SendsDone + 1, SendAt: row.SendAt}
}

// fireNext makes the schedule's next send as its task would (not its last try).
func (f scheduleFixture) fireNext(t *testing.T, id int64) {
	t.Helper()
	if err := f.e.App.Schedules.Fire(context.Background(), f.next(t, id), false); err != nil {
		t.Fatal(err)
	}
}

// A send whose task asynq archived (its retries all failed without recording anything: the
// database down through them) keeps its TaskID taken: the reconciler replaces that task,
// so the schedule is sent, once; a live task of another schedule is not doubled.
func TestScheduleArchivedTaskRequeued(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	now := time.Now().UTC().Format(time.RFC3339)
	dead := f.create(t, f.agentA, map[string]any{"sendAt": now, "openTicket": "disabled", "body": "Tarefa arquivada"})
	live := f.create(t, f.agentA, map[string]any{"sendAt": now, "openTicket": "disabled", "body": "Tarefa viva"})
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	deadID, liveID := tasks.ScheduleFireID(f.next(t, dead.ID)), tasks.ScheduleFireID(f.next(t, live.ID))
	if err := in.ArchiveTask(tasks.QueueDefault, deadID); err != nil {
		t.Fatal(err)
	}
	for range 2 { // two schedulers' reconcilers
		if err := schedule.Requeue(context.Background(), e.App.DB, e.App.Queue, e.App.RedisOpt, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{deadID, liveID} {
		info, err := in.GetTaskInfo(tasks.QueueDefault, id)
		if err != nil || info.State != asynq.TaskStatePending {
			t.Fatalf("%s: %+v %v, want it pending", id, info, err)
		}
	}
	pending, _ := in.ListPendingTasks(tasks.QueueDefault, asynq.PageSize(1000))
	fires := 0
	for _, ti := range pending {
		if ti.Type == tasks.TypeScheduleFire {
			fires++
		}
	}
	if fires != 2 {
		t.Fatalf("pending fire tasks: %d, want one per schedule", fires)
	}
	startWorker(t, e)
	for _, sc := range []schedule.Schedule{dead, live} {
		eventually(t, sc.Body+" sent", func() bool { st, _, _ := f.status(sc.ID); return st == schedule.StatusSent })
		if n := count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = ?", sc.Body); n != 1 {
			t.Fatalf("%s: sent %d times", sc.Body, n)
		}
	}
}

// A send whose claim fails on its task's last try (here the sends table refuses every
// write) ends the schedule in ERRO instead of leaving it waiting; earlier tries are retried.
func TestScheduleFinalClaimFailureIsError(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	sc := f.create(t, f.agentA, map[string]any{"sendAt": time.Now().UTC().Format(time.RFC3339), "body": "Nunca reivindicado"})
	e.sql(`CREATE FUNCTION refuse_sends() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disco cheio'; END $$`)
	e.sql(`CREATE TRIGGER refuse_sends BEFORE INSERT OR UPDATE ON schedule_sends FOR EACH ROW EXECUTE FUNCTION refuse_sends()`)
	p := f.next(t, sc.ID)
	if err := e.App.Schedules.Fire(context.Background(), p, false); err == nil {
		t.Fatal("a failed claim before the last try must be retried")
	}
	if st, _, _ := f.status(sc.ID); st != schedule.StatusPending {
		t.Fatalf("status %s after a try to retry", st)
	}
	if err := e.App.Schedules.Fire(context.Background(), p, true); err != nil {
		t.Fatalf("last try: %v (the failure is recorded, not retried)", err)
	}
	if st, msg, _ := f.status(sc.ID); st != schedule.StatusError || !strings.Contains(msg, "disco cheio") {
		t.Fatalf("status %s (%q), want ERRO", st, msg)
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE body = 'Nunca reivindicado'"); n != 0 {
		t.Fatalf("%d messages written", n)
	}
}

// enviarQuantasVezes is the total of sends (decision 8): an edit keeps the count of those
// made. Moving the next send of a 5-send schedule after 3 sends 2 more; lowering the total
// to the sends made ends it; taking the repetition off makes the planned send the last.
func TestScheduleEditKeepsSendCount(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	now := time.Now().UTC().Format(time.RFC3339)
	recurring := func(body string) schedule.Schedule {
		return f.create(t, f.agentA, map[string]any{"sendAt": now, "openTicket": "disabled", "body": body,
			"intervalo": schedule.UnitMinutes, "valorIntervalo": 5, "enviarQuantasVezes": 5})
	}
	put := func(id int64, body map[string]any) schedule.Schedule {
		t.Helper()
		st, out := e.call("PUT", "/schedules/"+itoa(id), f.agentA, body, "")
		if st != 200 {
			t.Fatalf("PUT: %d %s", st, out)
		}
		return decode[schedule.Schedule](t, out)
	}
	sent := func(body string) int64 {
		return count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = ?", body)
	}

	moved := recurring("Cinco no total")
	for range 3 {
		f.fireNext(t, moved.ID)
	}
	later := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	got := put(moved.ID, map[string]any{"sendAt": later.Format(time.RFC3339)})
	if got.SendsDone != 3 || got.Status != schedule.StatusPending || !got.SendAt.Equal(later) {
		t.Fatalf("moved: %d sends made, %s at %s", got.SendsDone, got.Status, got.SendAt)
	}
	f.fireNext(t, moved.ID)
	if p := f.next(t, moved.ID); !p.SendAt.Equal(later.Add(5 * time.Minute)) {
		t.Fatalf("repeats from the new time: next at %s, want %s", p.SendAt, later.Add(5*time.Minute))
	}
	for i := 0; i < 10; i++ {
		if st, _, _ := f.status(moved.ID); st != schedule.StatusPending {
			break
		}
		f.fireNext(t, moved.ID)
	}
	if st, _, n := f.status(moved.ID); st != schedule.StatusSent || n != 5 || sent("Cinco no total") != 5 {
		t.Fatalf("status %s after %d sends (%d delivered), want ENVIADA after 5", st, n, sent("Cinco no total"))
	}

	ended := recurring("Encerrado na edição")
	for range 3 {
		f.fireNext(t, ended.ID)
	}
	stale := f.next(t, ended.ID)
	got = put(ended.ID, map[string]any{"enviarQuantasVezes": 3})
	if got.Status != schedule.StatusSent || got.SentAt == nil || got.SendsDone != 3 {
		t.Fatalf("total lowered to the sends made: %s, sentAt %v, %d sends", got.Status, got.SentAt, got.SendsDone)
	}
	if err := e.App.Schedules.Fire(context.Background(), stale, false); err != nil {
		t.Fatal(err)
	}
	if n := sent("Encerrado na edição"); n != 3 {
		t.Fatalf("sent %d times after the series ended at 3", n)
	}

	once := recurring("Sem repetição agora")
	for range 2 {
		f.fireNext(t, once.ID)
	}
	got = put(once.ID, map[string]any{"valorIntervalo": 0})
	if got.Status != schedule.StatusPending || got.SendsDone != 2 || got.EnviarQuantasVezes != 3 {
		t.Fatalf("repetition off: %s, %d made of %d", got.Status, got.SendsDone, got.EnviarQuantasVezes)
	}
	f.fireNext(t, once.ID)
	if st, _, n := f.status(once.ID); st != schedule.StatusSent || n != 3 || sent("Sem repetição agora") != 3 {
		t.Fatalf("status %s after %d sends, want ENVIADA after the planned one", st, n)
	}
}

// A ticket deleted while its schedule's send waits for a retry takes the written message
// with it: the retry writes the message again, in a new ticket, and sends it; the series
// goes on.
func TestScheduleTicketDeletedWhileRetrying(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	wa := testutil.NewConnection(t, e.App, f.a.Company.ID, "WhatsApp", func(c *connection.Connection) { c.Status = connection.StatusConnected })
	sc := f.create(t, f.agentA, map[string]any{"sendAt": time.Now().UTC().Format(time.RFC3339), "whatsappId": wa.ID,
		"body": "Ticket apagado no caminho", "intervalo": schedule.UnitDays, "valorIntervalo": 1, "enviarQuantasVezes": 3})
	p := f.next(t, sc.ID)
	if err := e.App.Schedules.Fire(context.Background(), p, false); err == nil {
		t.Fatal("a send without a session owner succeeded")
	}
	var first int64
	e.App.DB.Raw("SELECT ticket_id FROM schedules WHERE id = ?", sc.ID).Scan(&first)
	if first == 0 || count(e, "SELECT count(*) FROM messages WHERE ticket_id = ?", first) != 1 {
		t.Fatalf("the first try wrote no message in a ticket (%d)", first)
	}
	e.run(t, []scenario{{name: "delete the ticket", method: "DELETE", path: "/tickets/" + itoa(first), token: f.adminA, status: 200}})
	e.sql("UPDATE schedules SET connection_id = ? WHERE id = ?", f.connA.ID, sc.ID) // a connection that sends
	if err := e.App.Schedules.Fire(context.Background(), p, false); err != nil {
		t.Fatalf("retry: %v", err)
	}
	st, msg, n := f.status(sc.ID)
	if st != schedule.StatusPending || n != 1 {
		t.Fatalf("after the retry: %s (%q), %d sends", st, msg, n)
	}
	if c := count(e, "SELECT count(*) FROM messages WHERE body = 'Ticket apagado no caminho' AND ticket_id <> ? AND ack >= 1", first); c != 1 {
		t.Fatalf("%d messages sent in a new ticket", c)
	}
	if c := count(e, "SELECT count(*) FROM sandbox_outbox WHERE body = 'Ticket apagado no caminho'"); c != 1 {
		t.Fatalf("delivered %d times", c)
	}
}
