package api_test

import (
	"fmt"
	"testing"

	"atende/pkg/queue"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

// chatBotType "button" on the Cloud API: the queue menu goes as reply buttons whose ids
// are the numbers a customer would type, and a tap on one enters its queue; a menu with
// more entries than buttons go as text. "text" keeps the numbered text.
func TestBotMenuAsInteractiveButtons(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	conn := m.cloudConn(t, acme, "PN7")
	startWorker(t, m.env)
	var vendas queue.Queue
	for i, name := range []string{"Vendas", "Suporte"} {
		q := queue.Queue{CompanyID: acme.Company.ID, Name: name, Color: fmt.Sprintf("#00000%d", i), OrderQueue: i}
		if err := m.App.DB.Create(&q).Error; err != nil {
			t.Fatal(err)
		}
		if err := m.App.DB.Exec(`INSERT INTO connection_queues (connection_id, queue_id, company_id) VALUES (?, ?, ?)`,
			conn.ID, q.ID, acme.Company.ID).Error; err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			vendas = q
		}
	}
	tok := testutil.Token(t, m.App, acme.Admin)
	if st, body := m.call("PUT", "/settings/chatBotType", tok, map[string]any{"value": "button"}, ""); st != 200 {
		t.Fatalf("setting: %d %s", st, body)
	}

	m.post(t, fakegraph.WhatsAppText("PN7", "5511999990007", "Ana", "wamid.B1", "Oi"))
	m.eventually(t, "menu sent", func() bool { return len(m.fake.Sends()) == 1 })
	s := m.fake.Sends()[0]
	it, _ := s.Body["interactive"].(map[string]any)
	if s.Type != "interactive" || it["type"] != "button" {
		t.Fatalf("menu sent as %s: %+v", s.Type, s.Body)
	}
	buttons := it["action"].(map[string]any)["buttons"].([]any)
	var ids []string
	for _, b := range buttons {
		ids = append(ids, fmt.Sprint(b.(map[string]any)["reply"].(map[string]any)["id"]))
	}
	if fmt.Sprint(ids) != "[1 2 Sair]" {
		t.Fatalf("button ids %v", ids)
	}

	m.post(t, fakegraph.WhatsAppMessage("PN7", "5511999990007", "Ana", "wamid.B2", map[string]any{"type": "interactive",
		"interactive": map[string]any{"type": "button_reply", "button_reply": map[string]string{"id": "1", "title": "Vendas"}}}))
	m.eventually(t, "ticket in Vendas", func() bool {
		return count(m.env, "SELECT count(*) FROM tickets WHERE company_id = ? AND queue_id = ?", acme.Company.ID, vendas.ID) == 1
	})
	if n := count(m.env, "SELECT count(*) FROM messages WHERE provider_id = 'wamid.B2' AND body = '1'"); n != 1 {
		t.Fatal("the tap was not stored as the number it stands for")
	}
}
