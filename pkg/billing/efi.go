package billing

import (
	"bytes"
	"context"
	"crypto/subtle"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Efi is the Efí (formerly Gerencianet) Pix API: OAuth2 client credentials over mTLS, the
// Pix webhook ({"pix": [{"endToEndId", "txid", "valor", "horario", …}]}, delivered to the
// registered URL with "/pix" appended) and the received-Pix lookup GET /v2/pix/{e2eId}.
type Efi struct {
	BaseURL      string // https://pix.api.efipay.com.br (sandbox: https://pix-h.api.efipay.com.br)
	ClientID     string
	ClientSecret string
	// Secret is the value of the "hmac" query parameter of the webhook URL registered at
	// Efí: with it the webhook is accepted when a proxy in front terminates Efí's mTLS.
	Secret string
	HTTP   *http.Client // with the account's client certificate; nil: http.DefaultClient

	mu      sync.Mutex // guards the cached token
	token   string
	expires time.Time
}

// NewEfi builds the adapter; certFile/keyFile are the account's PEM certificate and key
// (Efí refuses calls without them), empty in tests against a loopback fake.
func NewEfi(baseURL, clientID, clientSecret, secret, certFile, keyFile string) (*Efi, error) {
	e := &Efi{BaseURL: strings.TrimRight(baseURL, "/"), ClientID: clientID, ClientSecret: clientSecret,
		Secret: secret, HTTP: &http.Client{Timeout: 15 * time.Second}}
	if certFile != "" {
		cert, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err != nil {
			return nil, fmt.Errorf("efi certificate: %w", err)
		}
		e.HTTP.Transport = &http.Transport{TLSClientConfig: &tls.Config{Certificates: []tls.Certificate{cert},
			MinVersion: tls.VersionTLS12}}
	}
	return e, nil
}

// Name is the provider's name in invoices' paid_via.
func (e *Efi) Name() string { return "efi" }

// Authentic compares the webhook URL's hmac parameter with the secret (an empty secret
// accepts nothing).
func (e *Efi) Authentic(q url.Values) bool {
	got := q.Get("hmac")
	return e.Secret != "" && subtle.ConstantTimeCompare([]byte(got), []byte(e.Secret)) == 1
}

// Notified reads the endToEndIds of a webhook body.
func (e *Efi) Notified(body []byte) ([]string, error) {
	var n struct {
		Pix []struct {
			EndToEndID string `json:"endToEndId"`
		} `json:"pix"`
	}
	if err := json.Unmarshal(body, &n); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(n.Pix))
	for _, p := range n.Pix {
		if p.EndToEndID != "" {
			ids = append(ids, p.EndToEndID)
		}
	}
	return ids, nil
}

// Lookup reads a received Pix by its endToEndId.
func (e *Efi) Lookup(ctx context.Context, id string) (Payment, error) {
	tok, err := e.accessToken(ctx)
	if err != nil {
		return Payment{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.BaseURL+"/v2/pix/"+url.PathEscape(id), nil)
	if err != nil {
		return Payment{}, err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	var pix struct {
		EndToEndID string `json:"endToEndId"`
		TxID       string `json:"txid"`
		Valor      string `json:"valor"`
	}
	if err := e.do(req, &pix); err != nil {
		return Payment{}, err
	}
	amount, err := ParseCents(pix.Valor)
	if err != nil {
		return Payment{}, err
	}
	return Payment{Provider: e.Name(), ID: pix.EndToEndID, TxID: pix.TxID, Amount: amount}, nil
}

// accessToken returns a cached token, or asks for one (POST /oauth/token, Basic auth).
func (e *Efi) accessToken(ctx context.Context) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.token != "" && time.Now().Before(e.expires) {
		return e.token, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.BaseURL+"/oauth/token",
		bytes.NewBufferString(`{"grant_type":"client_credentials"}`))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(e.ClientID, e.ClientSecret)
	req.Header.Set("Content-Type", "application/json")
	var t struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := e.do(req, &t); err != nil {
		return "", err
	}
	if t.AccessToken == "" {
		return "", fmt.Errorf("efi: no access token")
	}
	e.token = t.AccessToken
	e.expires = time.Now().Add(time.Duration(max(t.ExpiresIn-60, 30)) * time.Second)
	return e.token, nil
}

func (e *Efi) do(req *http.Request, dst any) error {
	client := e.HTTP
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("efi %s %s: %d %s", req.Method, req.URL.Path, res.StatusCode, body)
	}
	return json.Unmarshal(body, dst)
}
