package api_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atende/pkg/flow"
	"atende/pkg/flowcampaign"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
)

// The open /flowbuilders and /phrase-lists pages follow the company's changes over the socket:
// each create, rename, duplicate and delete of a flow or a phrase campaign reaches a socket of
// the same company, and nothing of it reaches a socket of another company.
func TestFlowAndPhraseListsAreLiveAndCompanyScoped(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin := e.tokenOf(acme.Admin)
	own := dial(t, e.Srv.URL, testutil.Token(t, e.App, acme.Attender))
	theirs := dial(t, e.Srv.URL, testutil.Token(t, e.App, beta.Admin))
	ready(t, e, own, acme.Attender.ID)
	ready(t, e, theirs, beta.Admin.ID)
	flows := fmt.Sprintf("company-%d-%s", acme.Company.ID, flow.EventFlow)
	phrases := fmt.Sprintf("company-%d-%s", acme.Company.ID, flowcampaign.EventCampaign)
	const wait = 3 * time.Second

	do := func(method, path string, body any) []byte {
		t.Helper()
		status, b := e.call(method, path, admin, body, "")
		if status/100 != 2 {
			t.Fatalf("%s %s: %d %s", method, path, status, b)
		}
		return b
	}
	expect := func(c *websocket.Conn, event string, subs ...string) {
		t.Helper()
		for _, sub := range subs {
			if _, ok := nextWith(t, c, event, sub, wait); !ok {
				t.Fatalf("%s with %s did not reach the company's socket", event, sub)
			}
		}
	}

	created := decode[flow.Flow](t, do("POST", "/flowbuilder", map[string]any{"name": "Boas-vindas"}))
	expect(own, flows, `"action":"create"`)
	do("PUT", "/flowbuilder", map[string]any{"flowId": created.ID, "name": "Recepção"})
	expect(own, flows, `"Recepção"`)
	copied := decode[flow.Flow](t, do("POST", "/flowbuilder/duplicate", map[string]any{"flowId": created.ID}))
	expect(own, flows, fmt.Sprintf(`"id":%d`, copied.ID))
	do("DELETE", "/flowbuilder/"+itoa(copied.ID), nil)
	expect(own, flows, `"action":"delete"`)

	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Loja", nil)
	campaign := decode[flowcampaign.Campaign](t, do("POST", "/flowcampaign",
		map[string]any{"name": "Promo", "flowId": created.ID, "whatsappId": conn.ID, "phrase": "quero"}))
	expect(own, phrases, `"action":"create"`)
	do("PUT", "/flowcampaign", map[string]any{"id": campaign.ID, "name": "Promo 2"})
	expect(own, phrases, `"Promo 2"`)
	do("DELETE", "/flowcampaign/"+itoa(campaign.ID), nil)
	expect(own, phrases, `"action":"delete"`)

	// Everything above was published before the marker: beta's socket got none of it.
	never(t, framesUntilMarker(t, e, theirs, realtime.UserRoom(beta.Admin.ID)), flows, phrases)
}
