package integration

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Google endpoints; Dialogflow's fields override them (tests point them at fakes).
const (
	GoogleTokenURL  = "https://oauth2.googleapis.com/token"
	DialogflowURL   = "https://dialogflow.googleapis.com"
	dialogflowScope = "https://www.googleapis.com/auth/dialogflow"
)

// Dialogflow is a client of Dialogflow ES (v2) detectIntent, authorised by a service
// account: a JWT signed with its key is traded for an access token (RFC 7523), cached
// until shortly before it expires.
type Dialogflow struct {
	HTTP     *http.Client
	BaseURL  string // DialogflowURL when empty
	TokenURL string // GoogleTokenURL when empty; the key file's token_uri is not followed
	tokens   *tokenCache
}

// NewDialogflow is a client with its token cache.
func NewDialogflow(hc *http.Client, baseURL, tokenURL string) Dialogflow {
	return Dialogflow{HTTP: hc, BaseURL: baseURL, TokenURL: tokenURL, tokens: &tokenCache{m: map[string]token{}}}
}

// DialogflowResult is the part of a queryResult we use and answer.
type DialogflowResult struct {
	QueryText           string `json:"queryText"`
	FulfillmentText     string `json:"fulfillmentText"`
	FulfillmentMessages []struct {
		Text *struct {
			Text []string `json:"text"`
		} `json:"text,omitempty"`
	} `json:"fulfillmentMessages"`
	Intent *struct {
		DisplayName    string `json:"displayName"`
		EndInteraction bool   `json:"endInteraction"`
	} `json:"intent,omitempty"`
	Action     string         `json:"action"`
	Parameters map[string]any `json:"parameters,omitempty"`
	// OutputAudio is the answer spoken (Ogg Opus), when the query was audio.
	OutputAudio []byte `json:"-"`
}

// Texts are the replies to send: each text fulfillment message, else the fulfillment text.
func (r DialogflowResult) Texts() []string {
	var out []string
	for _, m := range r.FulfillmentMessages {
		if m.Text == nil {
			continue
		}
		for _, t := range m.Text.Text {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
	}
	if len(out) == 0 && strings.TrimSpace(r.FulfillmentText) != "" {
		out = append(out, strings.TrimSpace(r.FulfillmentText))
	}
	return out
}

// DetectIntent sends text in language to the agent of project, in session.
func (d Dialogflow) DetectIntent(ctx context.Context, creds Credentials, project, session, language, text string) (DialogflowResult, error) {
	return d.Detect(ctx, creds, project, session, language, Query{Text: text})
}

// Query is one detectIntent input: the customer's text, or their voice (Audio, see
// AudioConfig), which is answered with voice too (outputAudio, an Ogg Opus voice note).
type Query struct {
	Text  string
	Audio []byte
}

// MaxQueryText is Dialogflow's bound on a text query (characters).
const MaxQueryText = 256

// Detect sends q in language to the agent of project, in session.
func (d Dialogflow) Detect(ctx context.Context, creds Credentials, project, session, language string, q Query) (DialogflowResult, error) {
	body, err := queryBody(q, language)
	if err != nil {
		return DialogflowResult{}, err
	}
	tok, err := d.token(ctx, creds)
	if err != nil {
		return DialogflowResult{}, err
	}
	base := d.BaseURL
	if base == "" {
		base = DialogflowURL
	}
	u := strings.TrimRight(base, "/") + "/v2/projects/" + url.PathEscape(project) + "/agent/sessions/" +
		url.PathEscape(session) + ":detectIntent"
	var out struct {
		QueryResult DialogflowResult `json:"queryResult"`
		OutputAudio []byte           `json:"outputAudio"` // base64 in the JSON
	}
	err = postJSON(ctx, d.HTTP, u, body, map[string]string{"Authorization": "Bearer " + tok}, &out)
	out.QueryResult.OutputAudio = out.OutputAudio
	return out.QueryResult, err
}

// queryBody is detectIntent's request for q: a text input, or an audio input with its
// audio config and a voice answer asked for.
func queryBody(q Query, language string) (map[string]any, error) {
	if len(q.Audio) == 0 {
		text := q.Text
		if r := []rune(text); len(r) > MaxQueryText {
			text = string(r[:MaxQueryText])
		}
		return map[string]any{"queryInput": map[string]any{"text": map[string]string{"text": text, "languageCode": language}}}, nil
	}
	enc, rate, ok := AudioConfig(q.Audio)
	if !ok {
		return nil, ErrAudioFormat
	}
	cfg := map[string]any{"audioEncoding": enc, "languageCode": language}
	if rate > 0 {
		cfg["sampleRateHertz"] = rate
	}
	return map[string]any{"queryInput": map[string]any{"audioConfig": cfg}, "inputAudio": q.Audio,
		"outputAudioConfig": map[string]any{"audioEncoding": "OUTPUT_AUDIO_ENCODING_OGG_OPUS"}}, nil
}

type token struct {
	value string
	until time.Time
}

type tokenCache struct {
	mu sync.Mutex
	m  map[string]token
}

// token is a cached access token for the service account, or a fresh one.
func (d Dialogflow) token(ctx context.Context, creds Credentials) (string, error) {
	key := creds.ClientEmail + "\x00" + creds.PrivateKey
	if d.tokens != nil {
		d.tokens.mu.Lock()
		t, ok := d.tokens.m[key]
		d.tokens.mu.Unlock()
		if ok && time.Now().Before(t.until) {
			return t.value, nil
		}
	}
	tokenURL := d.TokenURL
	if tokenURL == "" {
		tokenURL = GoogleTokenURL
	}
	pk, err := jwt.ParseRSAPrivateKeyFromPEM([]byte(creds.PrivateKey))
	if err != nil {
		return "", errBadCredentials
	}
	now := time.Now()
	assertion, err := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{"iss": creds.ClientEmail,
		"scope": dialogflowScope, "aud": tokenURL, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}).SignedString(pk)
	if err != nil {
		return "", err
	}
	form := url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {assertion}}
	var out struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := postRaw(ctx, d.HTTP, tokenURL, "application/x-www-form-urlencoded", []byte(form.Encode()), nil, &out); err != nil {
		return "", err
	}
	if d.tokens != nil && out.ExpiresIn > 120 {
		d.tokens.mu.Lock()
		d.tokens.m[key] = token{out.AccessToken, now.Add(time.Duration(out.ExpiresIn-60) * time.Second)}
		d.tokens.mu.Unlock()
	}
	return out.AccessToken, nil
}
