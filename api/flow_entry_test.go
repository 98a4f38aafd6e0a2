package api_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/hibiken/asynq"

	"atende/pkg/connection"
	"atende/pkg/tasks"
)

// Entry rules through the sandbox and the real worker (§9 entry, decision 9, §1 17–20).
func TestFlowEntryRules(t *testing.T) {
	f := newFlowEnv(t)
	co := f.tn.Company.ID
	promo := insertFlow(t, f.env, co, []fnode{{"s", "start", nil}, {"m", "message", map[string]any{"label": "Promo!"}}},
		[][3]string{{"s", "a", "m"}})
	back := insertFlow(t, f.env, co, []fnode{{"s", "start", nil}, {"m", "message", map[string]any{"label": "De volta, {{name}}!"}}},
		[][3]string{{"s", "a", "m"}})
	f.must(f.App.DB.Exec(`INSERT INTO flow_campaigns (company_id, name, flow_id, connection_id, phrase, match_type, status) VALUES
		(?, 'promo', ?, ?, 'Promoção', 'exact', true), (?, 'off', ?, ?, 'segredo', 'contains', false)`,
		co, promo, f.conn.ID, co, promo, f.conn.ID).Error)
	f.must(f.App.DB.Exec(`UPDATE connections SET flow_id_not_phrase = ? WHERE id = ?`, back, f.conn.ID).Error)
	eventually(t, "connection cache sees the no-phrase flow", func() bool {
		c, err := f.App.ConnectionCache.Load(tenantCtx(co), []int64{f.conn.ID})
		return err == nil && c[f.conn.ID].FlowIDNotPhrase != nil && *c[f.conn.ID].FlowIDNotPhrase == back
	})
	welcome := []string{"Olá Maria!", "Escolha:\n[1] Atendimento\n[2] Sair"}
	for _, c := range []struct {
		name, number, say string
		want              []string
	}{
		{"active phrase, trimmed and case-insensitive", "5511900000001", "  promoção ", []string{"Promo!"}},
		{"inactive phrase never triggers: first contact gets the welcome flow", "5511900000002", "o segredo", welcome},
		{"parar ends it", "5511900000002", "parar", nil},
		{"returning contact (closed ticket before) gets the no-phrase flow", "5511900000002", "oi", []string{"De volta, Maria Souza!"}},
		{"after the flow ended, the next message re-enters (no phrase flow)", "5511900000001", "de novo", []string{"De volta, Maria Souza!"}},
	} {
		if got := f.write(c.number, c.say, len(c.want)); !reflect.DeepEqual(got, c.want) {
			t.Fatalf("%s: got %q, want %q", c.name, got, c.want)
		}
	}

	// A webhook integration takes the ticket (use_integration) and gets the message; a
	// prompt answers a ticket without queue.
	var hook, prompt int64
	f.must(f.App.DB.Raw(`INSERT INTO queue_integrations (company_id, name, type, url_n8n) VALUES (?, 'hook', 'webhook', 'http://127.0.0.1:1/')
		RETURNING id`, co).Scan(&hook).Error)
	f.must(f.App.DB.Raw(`INSERT INTO prompts (company_id, name, prompt) VALUES (?, 'ai', 'Seja breve') RETURNING id`, co).Scan(&prompt).Error)
	for _, c := range []struct {
		name   string
		edit   func(*connection.Connection)
		taskID func(msgID int64) string
		queue  string
		useInt bool
	}{
		{"webhook integration", func(c *connection.Connection) { c.IntegrationID = &hook },
			func(m int64) string { return fmt.Sprintf("%s:%d:%d", tasks.TypeIntegrationMessage, m, hook) }, tasks.QueueDefault, true},
		{"connection prompt", func(c *connection.Connection) { c.PromptID = &prompt },
			func(m int64) string { return fmt.Sprintf("%s:%d", tasks.TypePromptMessage, m) }, tasks.QueueDefault, false},
	} {
		conn := connection.Connection{CompanyID: co, Name: c.name, Channel: connection.ChannelSandbox,
			Status: connection.StatusConnected, Token: connection.NewToken(), GroupAsTicket: "disabled", WhenExpiresTicket: "0"}
		c.edit(&conn)
		f.must(f.App.DB.Create(&conn).Error)
		f.conn = conn
		f.write("5511900000009", "olá", 0)
		var msgID int64
		f.must(f.App.DB.Raw(`SELECT id FROM messages WHERE connection_id = ? AND NOT from_me`, conn.ID).Scan(&msgID).Error)
		in := asynq.NewInspector(f.App.RedisOpt)
		eventually(t, c.name+" task", func() bool {
			_, err := in.GetTaskInfo(c.queue, c.taskID(msgID))
			return err == nil
		})
		in.Close()
		var use bool
		f.must(f.App.DB.Raw(`SELECT use_integration FROM tickets WHERE connection_id = ?`, conn.ID).Scan(&use).Error)
		if use != c.useInt {
			t.Errorf("%s: use_integration %v", c.name, use)
		}
	}
}

// A connection with a "no phrase" flow and no welcome flow: a returning contact (a closed
// ticket before) whose message opens a new ticket gets the "no phrase" flow (§9 entry 3).
func TestFlowNoPhraseWithoutWelcome(t *testing.T) {
	f := newFlowEnv(t)
	co := f.tn.Company.ID
	back := insertFlow(t, f.env, co, []fnode{{"s", "start", nil}, {"m", "message", map[string]any{"label": "De volta, {{name}}!"}}},
		[][3]string{{"s", "a", "m"}})
	f.must(f.App.DB.Exec(`UPDATE connections SET flow_id_welcome = NULL, flow_id_not_phrase = ? WHERE id = ?`, back, f.conn.ID).Error)
	eventually(t, "connection cache sees the flows", func() bool {
		c, err := f.App.ConnectionCache.Load(tenantCtx(co), []int64{f.conn.ID})
		return err == nil && c[f.conn.ID].FlowIDWelcome == nil && c[f.conn.ID].FlowIDNotPhrase != nil
	})
	const number = "5511900000031"
	f.write(number, "oi", 0) // a first contact: no welcome flow, so no flow
	eventually(t, "first ticket", func() bool {
		return count(f.env, `SELECT count(*) FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ?`, number) == 1
	})
	f.must(f.App.DB.Exec(`UPDATE tickets SET status = 'closed' WHERE contact_id = (SELECT id FROM contacts WHERE number = ?)`, number).Error)
	if got, want := f.write(number, "voltei", 1), []string{"De volta, Maria Souza!"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}
