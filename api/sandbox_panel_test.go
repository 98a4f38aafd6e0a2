package api_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"atende/pkg/testutil"
)

// sandboxPoll is GET /sandbox/{id}/outbound as the simulate-customer panel reads it.
type sandboxPoll struct {
	Messages []struct {
		Kind, Body string
		Menu       *struct {
			Style, Text string
			Choices     []struct{ ID, Title string }
		}
	}
	Inbound []struct {
		ID               int64
		ProviderID, Kind string
		Body             string
	}
}

func (b *botEnv) poll(query string) sandboxPoll {
	b.t.Helper()
	st, body := b.call("GET", fmt.Sprintf("/sandbox/%d/outbound?%s", b.conn.ID, query), b.conn.Token, nil, "")
	var p sandboxPoll
	if st != 200 || json.Unmarshal(body, &p) != nil {
		b.t.Fatalf("outbound: %d %s", st, body)
	}
	return p
}

// post is the customer writing with the panel's own message id.
func (b *botEnv) post(number, id, body string) []string {
	b.t.Helper()
	st, res := b.call("POST", fmt.Sprintf("/sandbox/%d/inbound", b.conn.ID), b.conn.Token,
		map[string]string{"number": number, "name": "Maria Souza", "body": body, "id": id}, "")
	if st != 202 {
		b.t.Fatalf("inbound: %d %s", st, res)
	}
	return b.after(id)
}

// chatBotType list on the sandbox: the pretend phone gets the queue menu as a list, its
// choices' ids the numbers the bot takes; a tap (the id posted) enters the queue.
func TestSandboxMenuAsList(t *testing.T) {
	b := newBotEnv(t, nil)
	_, suporte, _ := threeQueues(b)
	tok := testutil.Token(t, b.App, b.tn.Admin)
	if st, body := b.call("PUT", "/settings/chatBotType", tok, map[string]any{"value": "list"}, ""); st != 200 {
		t.Fatalf("setting: %d %s", st, body)
	}
	const n = "5511900000031"
	same(t, "menu", b.post(n, "SBXIN-1", "oi"), mainMenu)
	var p sandboxPoll
	eventually(t, "menu delivered", func() bool { p = b.poll("number=" + n); return len(p.Messages) == 1 })
	m := p.Messages[0]
	if m.Kind != "list" || m.Body != mark+mainMenu || m.Menu == nil || m.Menu.Style != "list" || m.Menu.Text != "Olá Maria!" {
		t.Fatalf("menu delivered as %+v", m)
	}
	var ids []string
	for _, c := range m.Menu.Choices {
		ids = append(ids, c.ID+"="+c.Title)
	}
	if fmt.Sprint(ids) != "[1=Vendas 2=Suporte 3=Financeiro Sair=Encerrar atendimento]" {
		t.Fatalf("choices %v", ids)
	}
	same(t, "tap on Suporte", b.post(n, "SBXIN-2", m.Menu.Choices[1].ID), "Suporte: aguarde, Maria")
	if tk := b.ticket(n); tk.QueueID == nil || *tk.QueueID != suporte.ID {
		t.Fatalf("not in Suporte: %+v", tk)
	}
	eventually(t, "greeting delivered", func() bool { p = b.poll("number=" + n); return len(p.Messages) == 2 })
	if p.Messages[1].Kind != "text" || p.Messages[1].Menu != nil {
		t.Fatalf("a plain text delivered as %+v", p.Messages[1])
	}
}

// Every panel on a customer shows what the customer wrote, whichever panel posted it:
// GET outbound with inboundAfter lists the customer's stored messages after that id.
func TestSandboxPanelListsCustomerMessages(t *testing.T) {
	b := newBotEnv(t, nil)
	const n, other = "5511900000041", "5511900000042"
	b.post(n, "SBXIN-tab-a", "oi")
	b.post(other, "SBXIN-other", "sou outra pessoa")
	b.post(n, "SBXIN-tab-b", "tudo bem?")

	if p := b.poll("number=" + n); p.Inbound != nil {
		t.Fatalf("listed without being asked: %+v", p.Inbound)
	}
	p := b.poll("number=" + n + "&inboundAfter=0")
	if len(p.Inbound) != 2 || p.Inbound[0].ProviderID != "SBXIN-tab-a" || p.Inbound[0].Body != "oi" || p.Inbound[0].Kind != "chat" ||
		p.Inbound[1].ProviderID != "SBXIN-tab-b" || p.Inbound[1].Body != "tudo bem?" {
		t.Fatalf("inbound %+v", p.Inbound)
	}
	if q := b.poll(fmt.Sprintf("number=%s&inboundAfter=%d", n, p.Inbound[0].ID)); len(q.Inbound) != 1 || q.Inbound[0].ProviderID != "SBXIN-tab-b" {
		t.Fatalf("after the first: %+v", q.Inbound)
	}
	if q := b.poll("inboundAfter=0"); q.Inbound != nil {
		t.Fatalf("listed without a number: %+v", q.Inbound)
	}
}
