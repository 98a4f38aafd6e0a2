package api_test

import (
	"reflect"
	"strings"
	"testing"

	"atende/pkg/flow"
	"atende/pkg/testutil"
)

// A webhook's payload fields become the run's variables: the real worker walks the flow and
// renders {{lead.name}}, {{order.items.0.sku}}; an unknown token stays as written.
func TestFlowWebhookPayloadVariables(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	flowID := insertFlow(t, e, acme.Company.ID, []fnode{
		{"start", "start", map[string]any{"label": "Início"}},
		{"hello", "message", map[string]any{"label": "Olá {{lead.name}}! Pedido {{order.items.0.sku}} de R$ {{order.total}}, " +
			"pago: {{order.paid}}. {{nada}}"}},
		{"check", "condition", map[string]any{"key": "{{order.total}}", "condition": ">", "value": "100"}},
		{"big", "message", map[string]any{"label": "Pedido grande, {{firstName}}"}},
		{"small", "message", map[string]any{"label": "Pedido pequeno"}},
	}, [][3]string{{"start", "a", "hello"}, {"hello", "a", "check"}, {"check", "true", "big"}, {"check", "false", "small"}})
	var hash string
	if err := e.App.DB.Raw(`UPDATE flows SET webhook_fields = jsonb_build_object('name', 'lead.name', 'number', 'lead.phone',
		'whatsappId', ?::bigint) WHERE id = ? RETURNING webhook_hash`, conn.ID, flowID).Scan(&hash).Error; err != nil {
		t.Fatal(err)
	}
	startWorker(t, e)
	payload := map[string]any{
		"lead":  map[string]any{"name": "Ana Lima", "phone": "11999990001", "bad key": "x"},
		"order": map[string]any{"total": 250.5, "paid": true, "items": []any{map[string]any{"sku": "A-1"}}},
		"deep":  map[string]any{"a": map[string]any{"b": map[string]any{"c": map[string]any{"d": map[string]any{"e": "fundo"}}}}},
	}
	if st, b := e.call("POST", "/flowbuilder/webhook/"+hash, "", payload, ""); st != 200 {
		t.Fatalf("webhook: %d %s", st, b)
	}
	f := &flowEnv{botEnv: &botEnv{env: e, tn: acme, conn: conn}, flowID: flowID}
	want := []string{"Olá Ana Lima! Pedido A-1 de R$ 250.5, pago: true. {{nada}}", "Pedido grande, Ana"}
	if got := f.replies(2); !reflect.DeepEqual(got, want) {
		t.Fatalf("replies:\n got %q\nwant %q", got, want)
	}
	var vars string
	if err := e.App.DB.Raw(`SELECT variables::text FROM flow_runs WHERE flow_id = ?`, flowID).Scan(&vars).Error; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(vars, `"lead.phone": "11999990001"`) || strings.Contains(vars, "bad key") || strings.Contains(vars, "fundo") {
		t.Fatalf("run variables %s", vars)
	}
}

func TestWebhookVarsBounds(t *testing.T) {
	doc := map[string]any{"long": strings.Repeat("é", flow.WebhookMaxValue+5), "anull": nil, "{x}": "no"}
	many := map[string]any{}
	for i := 0; i < flow.WebhookMaxVars+50; i++ {
		many[strings.Repeat("k", 1+i%90)+string(rune('a'+i%26))+string(rune('a'+i/26))] = i
	}
	doc["many"] = many
	v := flow.WebhookVars(doc)
	if len(v) != flow.WebhookMaxVars {
		t.Fatalf("%d variables, want %d", len(v), flow.WebhookMaxVars)
	}
	if got := []rune(v["long"]); len(got) != flow.WebhookMaxValue {
		t.Fatalf("long value kept %d runes", len(got))
	}
	if s, ok := v["anull"]; !ok || s != "" {
		t.Fatalf("null: %q %v", s, ok)
	}
	if _, ok := v["{x}"]; ok {
		t.Fatal("a key with braces was kept")
	}
}
