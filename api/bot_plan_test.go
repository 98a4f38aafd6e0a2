package api_test

import (
	"strings"
	"testing"
)

// The plan's useOpenAi reaches the bot, also when it changes: without it the connection's
// prompt is skipped and the queue menu runs; with it again, the prompt takes the next
// customer (the bot writes no menu). A plan's flags and a company's plan bump the bot's
// configuration version, so no process keeps answering from the old plan.
func TestBotPlanFlagsReachTheBot(t *testing.T) {
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1/") // the prompt's calls fail here, on loopback
	b := newBotEnv(t, nil)
	co := b.tn.Company.ID
	b.queue("Vendas", "", nil)
	b.queue("Suporte", "", nil)
	var prompt int64
	b.must(b.App.DB.Raw(`INSERT INTO prompts (company_id, name, prompt) VALUES (?, 'ai', 'Seja breve') RETURNING id`, co).Scan(&prompt).Error)
	b.must(b.App.DB.Exec(`UPDATE connections SET prompt_id = ? WHERE id = ?`, prompt, b.conn.ID).Error)
	eventually(t, "connection cache sees the prompt", func() bool {
		c, err := b.App.ConnectionCache.Load(tenantCtx(co), []int64{b.conn.ID})
		return err == nil && c[b.conn.ID].PromptID != nil
	})
	version := func() int64 {
		return count(b.env, `SELECT coalesce(max(version), 0) FROM bot_config_versions WHERE company_id = ?`, co)
	}
	before := version()
	b.must(b.App.DB.Exec(`UPDATE plans SET use_open_ai = false WHERE id = (SELECT plan_id FROM companies WHERE id = ?)`, co).Error)
	if version() <= before {
		t.Fatal("a plan's flags did not bump the bot's configuration")
	}
	menu := "Olá Maria!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento"
	if got := b.say("5511900000041", "oi"); len(got) != 1 || got[0] != menu {
		t.Fatalf("without useOpenAi: got %q, want the menu", got)
	}
	b.must(b.App.DB.Exec(`UPDATE plans SET use_open_ai = true WHERE id = (SELECT plan_id FROM companies WHERE id = ?)`, co).Error)
	for _, text := range b.say("5511900000042", "oi") {
		if strings.Contains(text, "Vendas") {
			t.Fatalf("with useOpenAi the menu ran: %q", text)
		}
	}

	before = version()
	b.must(b.App.DB.Exec(`INSERT INTO plans (name, users, connections, queues, amount) SELECT name || ' 2', users, connections, queues, amount
		FROM plans WHERE id = (SELECT plan_id FROM companies WHERE id = ?)`, co).Error)
	b.must(b.App.DB.Exec(`UPDATE companies SET plan_id = (SELECT max(id) FROM plans) WHERE id = ?`, co).Error)
	if version() <= before {
		t.Fatal("a change of plan did not bump the bot's configuration")
	}
}
