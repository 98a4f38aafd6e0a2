package api_test

import (
	"sync"
	"testing"

	"atende/pkg/testutil"
)

// putColumn is a PUT /companySettings scenario (the settings page's Options tab).
func putColumn(name, token, column, data string, status int, code string, contain ...string) scenario {
	return scenario{name: name, method: "PUT", path: "/companySettings", token: token,
		body: map[string]string{"column": column, "data": data}, status: status, code: code, contain: contain}
}

// The spec's "required when enabled" texts (spec/2 §5 Settings) through PUT /companySettings,
// which the Options tab uses, as through PUT /settings/{key}; and scheduleType as every
// reader sees it after a change.
func TestCompanySettingsRequiredTexts(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	e.run(t, []scenario{
		putColumn("transfer message sending needs the message", admin, "sendMsgTransfTicket", "enabled", 400, "ERR_VALIDATION",
			`"sendMsgTransfTicket":"Mensagem de transferência é obrigatória"`),
		putColumn("accept greeting needs its message", admin, "sendGreetingAccepted", "enabled", 400, "ERR_VALIDATION",
			`"sendGreetingAccepted":"Mensagem de saudação ao aceitar é obrigatória"`),
		putColumn("queue position needs its message", admin, "sendQueuePosition", "enabled", 400, "ERR_VALIDATION",
			`"sendQueuePosition":"Mensagem de posição na fila é obrigatória"`),
		putColumn("refusing calls needs the reject message", admin, "acceptCallWhatsapp", "disabled", 400, "ERR_VALIDATION",
			`"acceptCallWhatsapp":"Mensagem de rejeição de chamada é obrigatória"`),
		putColumn("a blank message is none", admin, "transferMessage", "   ", 200, ""),
		putColumn("still refused", admin, "sendMsgTransfTicket", "enabled", 400, "ERR_VALIDATION"),
		putColumn("the message", admin, "transferMessage", "Transferido para {{queue}}", 200, "", `"value":"Transferido para {{queue}}"`),
		putColumn("now it can be enabled", admin, "sendMsgTransfTicket", "enabled", 200, "", `"value":"enabled"`),
		putColumn("and its message can't be emptied", admin, "transferMessage", "", 400, "ERR_VALIDATION",
			`"transferMessage":"Mensagem de transferência é obrigatória"`),
		putColumn("disabled again", admin, "sendMsgTransfTicket", "disabled", 200, ""),
		putColumn("then it can", admin, "transferMessage", "", 200, ""),
		putColumn("position message", admin, "sendQueuePositionMessage", "Sua posição:", 200, ""),
		putColumn("position on", admin, "sendQueuePosition", "enabled", 200, ""),
		putColumn("reject message", admin, "AcceptCallWhatsappMessage", "Não atendemos ligações", 200, ""),
		putColumn("calls refused", admin, "acceptCallWhatsapp", "disabled", 200, ""),
		putColumn("reject message stays while calls are refused", admin, "AcceptCallWhatsappMessage", "", 400, "ERR_VALIDATION"),
		putColumn("accepting calls needs no message", admin, "acceptCallWhatsapp", "enabled", 200, ""),
		putColumn("scheduleType company", admin, "scheduleType", "company", 200, ""),
		getSetting("every user reads it at once", agent, "/setting/scheduleType", `"value":"company"`),
		getSetting("as one column", agent, "/companySettingOne?column=scheduleType", `"value":"company"`),
		putSetting("scheduleType connection", admin, "scheduleType", "connection", 200, ""),
		getSetting("changed again", agent, "/setting/scheduleType", `"value":"connection"`),
		putColumn("scheduleType off", admin, "scheduleType", "disabled", 200, ""),
		getSetting("off", agent, "/setting/scheduleType", `"value":"disabled"`),
		putColumn("scheduleType enum", admin, "scheduleType", "always", 400, "ERR_VALIDATION", `"scheduleType":"Opção inválida"`),
		getSetting("a refused value isn't visible", agent, "/setting/scheduleType", `"value":"disabled"`),
	})
	want := map[string]string{"sendMsgTransfTicket": "disabled", "transferMessage": "", "sendQueuePosition": "enabled",
		"sendQueuePositionMessage": "Sua posição:", "acceptCallWhatsapp": "enabled",
		"AcceptCallWhatsappMessage": "Não atendemos ligações", "sendGreetingAccepted": "", "scheduleType": "disabled"}
	for key, v := range want {
		if got := e.storedSetting(acme.Company.ID, key); got != v {
			t.Errorf("%s stored %q, want %q", key, got, v)
		}
	}
}

// Two admins changing a toggle and its text at the same time never leave the toggle on
// with no text: each change is checked against the other's committed value.
func TestSettingsToggleAndTextConcurrently(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	for round := range 15 {
		e.sql(`INSERT INTO settings (company_id, key, value, updated_at) VALUES (?, 'greetingAcceptedMessage', 'Olá', now()),
			(?, 'sendGreetingAccepted', 'disabled', now())
			ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`, acme.Company.ID, acme.Company.ID)
		e.App.Settings.Cache.Drop(acme.Company.ID)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			e.call("PUT", "/companySettings", admin, map[string]string{"column": "sendGreetingAccepted", "data": "enabled"}, "")
		}()
		go func() {
			defer wg.Done()
			e.call("PUT", "/companySettings", admin, map[string]string{"column": "greetingAcceptedMessage", "data": ""}, "")
		}()
		wg.Wait()
		on, text := e.storedSetting(acme.Company.ID, "sendGreetingAccepted"), e.storedSetting(acme.Company.ID, "greetingAcceptedMessage")
		if on == "enabled" && text == "" {
			t.Fatalf("round %d: the accept greeting is on without its message", round)
		}
	}
}
