package api_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/flow"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

func TestFlowWebhookStartsTheFlow(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin := e.tokenOf(acme.Admin)
	wa := testutil.NewConnection(t, e.App, acme.Company.ID, "Loja", nil)
	theirs := testutil.NewConnection(t, e.App, beta.Company.ID, "Deles", nil)
	f := e.newFlow(acme.Company.ID, "Leads")
	hook := "/flowbuilder/webhook/" + f.WebhookHash
	setFields := func(connID int64) {
		st, b := e.call("PUT", "/flowbuilder", admin, map[string]any{"flowId": f.ID, "webhookFields": map[string]any{
			"name": "lead.name", "number": "lead.phones.0", "email": "lead.email", "whatsappId": connID}}, "")
		if st != 200 {
			t.Fatalf("fields: %d %s", st, b)
		}
	}
	lead := func(phone string) map[string]any {
		return map[string]any{"lead": map[string]any{"name": "Ana Lima", "email": "ana@ex.com", "phones": []any{phone}}}
	}
	started := func() []tasks.FlowStep {
		return pendingTasks[tasks.FlowStep](e, tasks.QueueCritical, tasks.TypeFlowStep)
	}
	contacts := func() int64 {
		return e.countRows("SELECT count(*) FROM contacts WHERE company_id = ?", acme.Company.ID)
	}

	e.run(t, []scenario{
		{name: "no connection configured", method: "POST", path: hook, body: lead("11999990001"), status: 422, code: "ERR_FLOW_WEBHOOK_NO_CONNECTION"},
	})
	e.run(t, []scenario{
		{name: "another company's connection is refused in the field map", method: "PUT", path: "/flowbuilder", token: admin,
			body:   map[string]any{"flowId": f.ID, "webhookFields": map[string]any{"number": "phone", "whatsappId": theirs.ID}},
			status: 400, contain: []string{`"webhookFields.whatsappId"`}},
	})
	// Set behind the API's back (or the connection moved): the call is refused all the same.
	e.sql(`UPDATE flows SET webhook_fields = jsonb_build_object('number', 'lead.phones.0', 'whatsappId', ?::bigint) WHERE id = ?`, theirs.ID, f.ID)
	e.run(t, []scenario{
		{name: "another company's connection", method: "POST", path: hook, body: lead("11999990001"), status: 422},
	})
	setFields(wa.ID)
	e.run(t, []scenario{
		{name: "an unknown hash", method: "POST", path: "/flowbuilder/webhook/nope", body: lead("11999990001"), status: 404, code: "ERR_FLOW_NOT_FOUND"},
		{name: "not a JSON object", method: "POST", path: hook, body: strings.NewReader(`[1,2]`), ctype: "application/json", status: 400},
		{name: "no valid number", method: "POST", path: hook, body: lead("12"), status: 400, code: "ERR_VALIDATION"},
		{name: "over 64 KiB", method: "POST", path: hook, body: map[string]any{"pad": strings.Repeat("x", flow.WebhookMaxBytes)}, status: 413},
	})
	if n := contacts(); n != 0 || len(started()) != 0 {
		t.Fatalf("refused calls wrote %d contacts, %d tasks", n, len(started()))
	}

	var ticketID int64
	e.run(t, []scenario{
		withCheck(scenario{name: "a lead starts the flow", method: "POST", path: hook, body: lead("(11) 99999-0001"), status: 200,
			contain: []string{`"message":"Fluxo iniciado"`}}, func(t *testing.T, b []byte) {
			ticketID = decode[struct{ TicketID int64 }](t, b).TicketID
		}),
		{name: "the same lead again: one pending start", method: "POST", path: hook, body: lead("+55 11 99999-0001"), status: 200},
	})
	var c contact.Contact
	if err := e.App.DB.Where("company_id = ? AND number = ?", acme.Company.ID, "5511999990001").Take(&c).Error; err != nil {
		t.Fatalf("contact: %v", err)
	}
	if c.Name != "Ana Lima" || c.Email != "ana@ex.com" || contacts() != 1 {
		t.Fatalf("contact %+v", c)
	}
	if n := e.countRows("SELECT count(*) FROM tickets WHERE id = ? AND contact_id = ? AND connection_id = ? AND status = 'pending'",
		ticketID, c.ID, wa.ID); n != 1 {
		t.Fatalf("ticket %d not open for the contact", ticketID)
	}
	got := started()
	want := tasks.FlowStep{CompanyID: acme.Company.ID, TicketID: ticketID, FlowID: f.ID, Entry: "webhook",
		Vars: map[string]string{"lead.name": "Ana Lima", "lead.email": "ana@ex.com", "lead.phones.0": "(11) 99999-0001"}}
	if len(got) == 1 {
		if len(got[0].EntryKey) != 32 {
			t.Fatalf("the start has no entry key: %+v", got[0])
		}
		want.EntryKey = got[0].EntryKey // fresh per POST
	}
	if len(got) != 1 || !reflect.DeepEqual(got[0], want) {
		t.Fatalf("flow steps %+v", got)
	}

	// A switched-off flow's webhook is gone.
	if st, _ := e.call("PUT", "/flowbuilder", admin, map[string]any{"flowId": f.ID, "active": false}, ""); st != 200 {
		t.Fatal("switch off")
	}
	e.run(t, []scenario{{name: "an inactive flow", method: "POST", path: hook, body: lead("11999990002"), status: 404}})

	// A blocked company's flows don't start either.
	if st, _ := e.call("PUT", "/flowbuilder", admin, map[string]any{"flowId": f.ID, "active": true}, ""); st != 200 {
		t.Fatal("switch on")
	}
	e.sql("UPDATE companies SET status = false WHERE id = ?", acme.Company.ID)
	e.run(t, []scenario{{name: "a blocked company", method: "POST", path: hook, body: lead("11999990002"), status: 404}})
	if n := contacts(); n != 1 {
		t.Fatalf("%d contacts", n)
	}
}

func TestFlowWebhookSandboxNumbersAndRate(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	sb := testutil.NewConnection(t, e.App, acme.Company.ID, "Simulador", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	f := e.newFlow(acme.Company.ID, "Leads")
	st, b := e.call("PUT", "/flowbuilder", e.tokenOf(acme.Admin), map[string]any{"flowId": f.ID,
		"webhookFields": map[string]any{"number": "phone", "whatsappId": sb.ID}}, "")
	if st != 200 {
		t.Fatalf("fields: %d %s", st, b)
	}
	hook := "/flowbuilder/webhook/" + f.WebhookHash
	e.run(t, []scenario{
		{name: "a sandbox number is kept as digits", method: "POST", path: hook, body: map[string]any{"phone": 123456789}, status: 200},
	})
	if n := e.countRows("SELECT count(*) FROM contacts WHERE number = '123456789' AND name = '123456789' AND channel = 'sandbox'"); n != 1 {
		t.Fatal("sandbox contact not created")
	}
	// Over the minute's budget: refused until the next minute.
	for _, m := range []int64{0, 1} {
		key := fmt.Sprintf("flow:webhook:%d:%d", f.ID, time.Now().Unix()/60+m)
		e.App.RDB.Set(context.Background(), key, flow.WebhookPerMinute, time.Minute)
	}
	e.run(t, []scenario{
		{name: "over the rate", method: "POST", path: hook, body: map[string]any{"phone": 123456780}, status: 429, code: "ERR_TOO_MANY_REQUESTS"},
	})
}

// A sender retrying its POST after the start ran starts the flow once (the start's id is
// kept for flow.WebhookRepeatWindow), and a ticket an attendant holds gets no bot at all.
func TestFlowWebhookRepeatsAndHeldTickets(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	wa := testutil.NewConnection(t, e.App, acme.Company.ID, "Sandbox", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	f := e.newFlow(acme.Company.ID, "Leads")
	e.sql(`UPDATE flows SET nodes = '[{"id":"start","type":"start","data":{}},{"id":"hi","type":"message","data":{"label":"Olá {{lead.name}}"}}]',
		connections = '[{"id":"e1","source":"start","sourceHandle":"a","target":"hi"}]' WHERE id = ?`, f.ID)
	if st, b := e.call("PUT", "/flowbuilder", admin, map[string]any{"flowId": f.ID, "webhookFields": map[string]any{
		"name": "lead.name", "number": "lead.phone", "whatsappId": wa.ID}}, ""); st != 200 {
		t.Fatalf("fields: %d %s", st, b)
	}
	startWorker(t, e)
	hook := "/flowbuilder/webhook/" + f.WebhookHash
	lead := map[string]any{"lead": map[string]any{"name": "Ana", "phone": "5511999990003"}}
	st, b := e.call("POST", hook, "", lead, "")
	if st != 200 || !strings.Contains(string(b), flow.MsgWebhookStarted) {
		t.Fatalf("start: %d %s", st, b)
	}
	ticketID := decode[struct{ TicketID int64 }](t, b).TicketID
	eventually(t, "the flow's greeting", func() bool {
		return count(e, "SELECT count(*) FROM messages WHERE ticket_id = ? AND body LIKE '%Olá Ana'", ticketID) == 1
	})
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	// The start's message commits before asynq marks its task done: wait for that, then a
	// retry finds the id kept (Retention) and queues nothing.
	eventually(t, "the start's task completed", func() bool {
		info, err := in.GetTaskInfo(tasks.QueueCritical, flow.WebhookTaskID(f.ID, ticketID))
		return err == nil && info.State == asynq.TaskStateCompleted
	})
	if st, b = e.call("POST", hook, "", lead, ""); st != 200 {
		t.Fatalf("retry: %d %s", st, b)
	}
	info, err := in.GetTaskInfo(tasks.QueueCritical, flow.WebhookTaskID(f.ID, ticketID))
	if err != nil || info.State != asynq.TaskStateCompleted {
		t.Fatalf("the retry queued another start: %+v %v", info, err)
	}

	e.sql("UPDATE tickets SET status = 'open', user_id = ? WHERE id = ?", acme.Attender.ID, ticketID)
	e.sql("DELETE FROM flow_runs WHERE ticket_id = ?", ticketID)
	if err := in.DeleteTask(tasks.QueueCritical, flow.WebhookTaskID(f.ID, ticketID)); err != nil {
		t.Fatal(err)
	}
	if st, b = e.call("POST", hook, "", lead, ""); st != 200 || !strings.Contains(string(b), flow.MsgWebhookHeld) {
		t.Fatalf("held ticket: %d %s", st, b)
	}
	if _, err := in.GetTaskInfo(tasks.QueueCritical, flow.WebhookTaskID(f.ID, ticketID)); !errors.Is(err, asynq.ErrTaskNotFound) {
		t.Fatalf("a start was queued into a held ticket: %v", err)
	}
	if n := count(e, "SELECT count(*) FROM flow_runs WHERE ticket_id = ?", ticketID); n != 0 {
		t.Fatalf("%d runs on a held ticket", n)
	}
}
