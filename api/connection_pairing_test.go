package api_test

import (
	"slices"
	"strings"
	"testing"

	"atende/pkg/connection"
)

// POST /whatsappsession/{id}/pairing-code: a WhatsApp connection of the company pairs by
// phone number (digits only, 10 to 15); the code goes out on whatsappSession. Bad numbers,
// other channels, other companies and plain users are refused before anything is written.
func TestConnectionPairingCode(t *testing.T) {
	e := newEnv(t)
	d := newSessionDesk(t, e)
	wa, acme, zap, face, admin, other, agent, ev := d.wa, d.acme, d.zap, d.face, d.admin, d.other, d.agent, d.ev
	path := "/whatsappsession/" + itoa(zap.ID) + "/pairing-code"
	good := map[string]any{"number": "5511999998888"}
	bad := func(name string, number any) scenario {
		return scenario{name: name, method: "POST", path: path, token: admin, body: map[string]any{"number": number},
			status: 400, code: "ERR_INVALID_PAIRING_NUMBER", contain: []string{`"fields":{"number":`, "somente dígitos"}}
	}
	e.run(t, []scenario{
		{name: "another company's connection", method: "POST", path: path, token: other, body: good, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "a plain user can't", method: "POST", path: path, token: agent, body: good, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "unknown id", method: "POST", path: "/whatsappsession/999999/pairing-code", token: admin, body: good, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "not WhatsApp", method: "POST", path: "/whatsappsession/" + itoa(face.ID) + "/pairing-code", token: admin, body: good,
			status: 400, code: "ERR_PAIRING_CODE_UNSUPPORTED"},
		bad("too short", "551199999"),
		bad("too long", "5511999998888123"),
		bad("not digits only", "+55 11 99999-8888"),
		bad("national form", "011999998888"),
		bad("missing", nil),
		{name: "malformed body", method: "POST", path: path, token: admin, body: strings.NewReader("{"), ctype: "application/json", status: 400, code: "ERR_BAD_REQUEST"},
	})
	if calls := wa.took(); len(calls) != 0 || e.connStatus(zap.ID) != connection.StatusDisconnected {
		t.Fatalf("refused requests reached the session: %v (status %s)", calls, e.connStatus(zap.ID))
	}
	e.run(t, []scenario{
		{name: "pair", method: "POST", path: path, token: admin, body: good, status: 200, contain: []string{"Pairing code requested."}},
		{name: "a number sent as a JSON number", method: "POST", path: path, token: admin, body: map[string]any{"number": 5511999998888}, status: 200},
	})
	if calls := wa.took(); !slices.Equal(calls, []string{"pair 5511999998888 " + itoa(zap.ID), "pair 5511999998888 " + itoa(zap.ID)}) {
		t.Fatalf("session calls %v", calls)
	}
	ev.want(t, "company-"+itoa(acme.Company.ID)+"-whatsappSession", `"pairingCode":"WXYZ-1234"`, `"status":"qrcode"`, `"id":`+itoa(zap.ID))
	// A new QR code clears it (the fake reports what a real session would).
	e.run(t, []scenario{{name: "new QR", method: "PUT", path: "/whatsappsession/" + itoa(zap.ID), token: admin, status: 200}})
	var code string
	e.App.DB.Raw("SELECT pairing_code FROM connections WHERE id = ?", zap.ID).Scan(&code)
	if code != "" {
		t.Fatalf("pairing code %q kept after a new QR", code)
	}
}
