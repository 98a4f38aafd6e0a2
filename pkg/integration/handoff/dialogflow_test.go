package handoff_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/integration/handoff"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
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
		if audio, ok := c.Body["inputAudio"].(string); ok {
			cfg := c.Body["queryInput"].(map[string]any)["audioConfig"].(map[string]any)
			out := c.Body["outputAudioConfig"].(map[string]any)
			if cfg["audioEncoding"] != "AUDIO_ENCODING_OGG_OPUS" || cfg["sampleRateHertz"] != 16000.0 ||
				out["audioEncoding"] != "OUTPUT_AUDIO_ENCODING_OGG_OPUS" || audio != base64.StdEncoding.EncodeToString(voiceNote) {
				return 400, map[string]any{"error": "bad audio query"}
			}
			return 200, map[string]any{"queryResult": map[string]any{"queryText": "quero uma pizza",
				"fulfillmentText": "Qual sabor?"}, "outputAudio": base64.StdEncoding.EncodeToString(voiceNote)}
		}
		text := c.Body["queryInput"].(map[string]any)["text"].(map[string]any)
		if said, ok := strings.CutPrefix(text["text"].(string), "eco "); ok { // an agent repeating the customer
			return 200, map[string]any{"queryResult": map[string]any{"fulfillmentText": "Você disse: " + said}}
		}
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
	// An answer is the agent's text, not our template: what it repeats is never rendered.
	for _, s := range []string{"oi", "eco {{userName}} {{protocol}}", "tchau"} {
		if err := w.handDue(t, it, w.inbound(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	equal(t, "replies", w.replies(t), []string{"Olá! Em que posso ajudar?", "Você disse: {{userName}} {{protocol}}", "Até mais!"})
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

// voiceNote is the head of an Ogg Opus voice note recorded at 16 kHz (what WhatsApp sends).
var voiceNote = func() []byte {
	b := make([]byte, 80)
	copy(b, "OggS")
	copy(b[28:], "OpusHead")
	b[36], b[37] = 1, 1                           // version, channels
	b[40], b[41], b[42], b[43] = 0x80, 0x3e, 0, 0 // 16000 little-endian
	return b
}()

// handDue runs message m's debounced Dialogflow turn (its half second is over).
func (w *world) handDue(t *testing.T, it integration.Integration, m message.Message) error {
	w.a.DB.Exec(`UPDATE messages SET created_at = now() - interval '1 second' WHERE id = ? AND created_at > now() - interval '1 second'`, m.ID)
	return w.run.Handle(context.Background(), tasks.IntegrationMessage{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID,
		MessageID: m.ID, IntegrationID: it.ID, Due: true}, 0, 6)
}

// Messages less than half a second apart are asked as one query: each message schedules
// its debounced turn (no worker waits); the older one's turn finds a newer message and
// leaves it to that one's turn, which asks about both.
func TestDialogflowDebounce(t *testing.T) {
	w := newWorld(t)
	creds, key := serviceAccount(t)
	fake := dialogflowFake(t, key)
	w.run.Dialogflow = integration.NewDialogflow(nil, fake.URL, fake.URL+"/token")
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Agente", integration.TypeDialogflow, "", func(i *integration.Integration) {
		i.ProjectName, i.JSONContent, i.Language = "agente", creds, "pt-BR"
	})
	first, second := w.inbound(t, "oi"), w.inbound(t, "tudo bem?")
	before := time.Now()
	for _, m := range []message.Message{first, second} {
		if err := w.hand(t, it, m); err != nil {
			t.Fatal(err)
		}
	}
	if len(fake.got()) != 0 {
		t.Fatal("Dialogflow was asked before the debounce")
	}
	due := scheduledDue(t, w)
	if len(due) != 2 {
		t.Fatalf("%d debounced turns scheduled, want 2", len(due))
	}
	for _, at := range due {
		// asynq schedules by the second; a turn run early comes back (converse)
		if d := at.Sub(before); d < -time.Second || d > handoff.Debounce+2*time.Second {
			t.Fatalf("debounced turn due in %s", d)
		}
	}
	// Run before the half second is over, the turn comes back as a scheduled copy.
	w.a.DB.Exec(`UPDATE messages SET created_at = now() WHERE id = ?`, second.ID)
	err := w.run.Handle(context.Background(), tasks.IntegrationMessage{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID,
		MessageID: second.ID, IntegrationID: it.ID, Due: true}, 0, 6)
	if err != nil || len(fake.got()) != 0 || scheduledAttempts(t, w, second.ID) != 1 {
		t.Fatalf("an early turn: %v, %d calls", err, len(fake.got()))
	}
	w.a.DB.Exec(`UPDATE messages SET created_at = now() - interval '1 second' WHERE ticket_id = ?`, w.tk.ID)
	for _, m := range []message.Message{first, second} {
		if err := w.handDue(t, it, m); err != nil {
			t.Fatal(err)
		}
	}
	var queries []string
	for _, c := range fake.got() {
		if c.Path != "/token" {
			queries = append(queries, c.Body["queryInput"].(map[string]any)["text"].(map[string]any)["text"].(string))
		}
	}
	equal(t, "one query", queries, []string{"oi\ntudo bem?"})
	equal(t, "one answer", w.replies(t), []string{"Olá! Em que posso ajudar?"})
}

// A voice message is sent as inputAudio with its audio config; the spoken answer comes
// back as a voice note, after the answer's text.
func TestDialogflowVoice(t *testing.T) {
	w := newWorld(t)
	creds, key := serviceAccount(t)
	fake := dialogflowFake(t, key)
	w.run.Dialogflow = integration.NewDialogflow(nil, fake.URL, fake.URL+"/token")
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Agente", integration.TypeDialogflow, "", func(i *integration.Integration) {
		i.ProjectName, i.JSONContent, i.Language = "agente", creds, "pt-BR"
	})
	f, err := w.a.Media.Save(w.tk.CompanyID, "sandbox", bytes.NewReader(voiceNote), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	m := message.Message{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID, ContactID: &w.cust.ID, ConnectionID: &w.conn.ID,
		MediaType: message.TypeAudio, MediaPath: f.Path}
	if err := w.a.DB.Create(&m).Error; err != nil {
		t.Fatal(err)
	}
	if err := w.handDue(t, it, m); err != nil {
		t.Fatal(err)
	}
	var out []message.Message
	w.a.DB.Where("ticket_id = ? AND from_me", w.tk.ID).Order("id").Find(&out)
	if len(out) != 2 || out[0].Body != message.Marked("Qual sabor?") || out[1].MediaType != message.TypeAudio || out[1].MediaPath == "" {
		t.Fatalf("answers %+v", out)
	}
	got, err := os.ReadFile(filepath.Join(w.a.Media.Dir, out[1].MediaPath))
	if err != nil || !bytes.Equal(got, voiceNote) {
		t.Fatalf("voice note stored %v: %d bytes", err, len(got))
	}
}

// scheduledDue lists when the debounced turns are due.
func scheduledDue(t *testing.T, w *world) []time.Time {
	in := asynq.NewInspector(w.a.RedisOpt)
	defer in.Close()
	infos, err := in.ListScheduledTasks(tasks.QueueDefault)
	if err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
		t.Fatal(err)
	}
	var out []time.Time
	for _, i := range infos {
		var p tasks.IntegrationMessage
		if i.Type == tasks.TypeIntegrationMessage && json.Unmarshal(i.Payload, &p) == nil && p.Due {
			mustBeKept(t, w, i.ID)
			out = append(out, i.NextProcessAt)
		}
	}
	return out
}
