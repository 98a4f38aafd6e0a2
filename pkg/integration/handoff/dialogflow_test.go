package handoff_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/url"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"atende/pkg/integration"
	"atende/pkg/testutil"
)

// serviceAccount is a service-account key file with a fresh key.
func serviceAccount(t *testing.T) (string, *rsa.PrivateKey) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	pemKey := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	raw, _ := json.Marshal(map[string]string{"type": "service_account", "project_id": "agente",
		"client_email": "bot@agente.iam.gserviceaccount.com", "private_key": pemKey,
		"token_uri": "https://evil.example/token"})
	return string(raw), key
}

// dialogflowFake is Google's token endpoint and Dialogflow's detectIntent: the token is
// given for a JWT signed by key, and detectIntent answers only with that token.
func dialogflowFake(t *testing.T, key *rsa.PrivateKey) *fake {
	return newFake(t, func(c call) (int, any) {
		if c.Path == "/token" {
			form, _ := url.ParseQuery(string(c.Raw))
			_, err := jwt.Parse(form.Get("assertion"), func(*jwt.Token) (any, error) { return &key.PublicKey, nil })
			if err != nil || form.Get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer" {
				return 401, map[string]any{"error": "invalid_grant"}
			}
			return 200, map[string]any{"access_token": "tok-1", "expires_in": 3600}
		}
		if c.Header.Get("Authorization") != "Bearer tok-1" {
			return 401, map[string]any{}
		}
		text := c.Body["queryInput"].(map[string]any)["text"].(map[string]any)
		if text["text"] == "tchau" {
			return 200, map[string]any{"queryResult": map[string]any{"fulfillmentText": "Até mais!",
				"intent": map[string]any{"displayName": "fim", "endInteraction": true}}}
		}
		return 200, map[string]any{"queryResult": map[string]any{"queryText": text["text"],
			"fulfillmentMessages": []any{map[string]any{"text": map[string]any{"text": []string{"Olá! Em que posso ajudar?"}}}},
			"intent":              map[string]any{"displayName": "boas-vindas"}}}
	})
}

func TestDialogflowDetectIntent(t *testing.T) {
	w := newWorld(t)
	creds, key := serviceAccount(t)
	fake := dialogflowFake(t, key)
	w.run.Dialogflow = integration.NewDialogflow(nil, fake.URL, fake.URL+"/token")
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Agente", integration.TypeDialogflow, "", func(i *integration.Integration) {
		i.ProjectName, i.JSONContent, i.Language = "agente", creds, "pt-BR"
	})
	for _, s := range []string{"oi", "tchau"} {
		if err := w.hand(t, it, w.inbound(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	equal(t, "replies", w.replies(t), []string{"Olá! Em que posso ajudar?", "Até mais!"})
	calls := fake.got()
	tokens, detect := 0, calls[len(calls)-1]
	for _, c := range calls {
		if c.Path == "/token" {
			tokens++
		}
	}
	if tokens != 1 {
		t.Fatalf("%d token requests, want 1 (cached)", tokens)
	}
	wantPath := "/v2/projects/agente/agent/sessions/ticket-" + itoa(w.tk.ID) + ":detectIntent"
	lang := detect.Body["queryInput"].(map[string]any)["text"].(map[string]any)["languageCode"]
	if detect.Path != wantPath || lang != "pt-BR" {
		t.Fatalf("detectIntent %s %v", detect.Path, lang)
	}
	if tk := w.ticket(t); tk.UseIntegration {
		t.Fatal("an intent ending the interaction should hand the ticket back")
	}
	if strings.Contains(string(calls[0].Raw), "evil") {
		t.Fatal("the key file's token_uri was followed")
	}
}
