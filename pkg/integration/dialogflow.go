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
	body := map[string]any{"queryInput": map[string]any{"text": map[string]string{"text": text, "languageCode": language}}}
	var out struct {
		QueryResult DialogflowResult `json:"queryResult"`
	}
	err = postJSON(ctx, d.HTTP, u, body, map[string]string{"Authorization": "Bearer " + tok}, &out)
	return out.QueryResult, err
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
