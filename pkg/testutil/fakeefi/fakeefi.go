// Package fakeefi is Efí's Pix API on loopback, for tests and the e2e run: OAuth2 client
// credentials (POST /oauth/token), the received-Pix lookup (GET /v2/pix/{e2eId}), and
// POST /_fake/pix {endToEndId, txid, valor} which records a received Pix and, with Webhook
// set, delivers Efí's notification of it ({"pix": [...]}) to Webhook + "/pix".
package fakeefi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Server is the fake. ClientID and ClientSecret are the credentials it accepts.
type Server struct {
	ClientID, ClientSecret string
	Webhook                string // our /webhooks/efi?hmac=… URL; empty: no deliveries

	mu      sync.Mutex
	pix     map[string]Pix
	Tokens  atomic.Int32 // tokens issued
	Lookups atomic.Int32
	Down    atomic.Bool // lookups answer 503
	once    sync.Once
	mux     *http.ServeMux
}

// Pix is one received Pix as Efí's API shows it.
type Pix struct {
	EndToEndID string `json:"endToEndId"`
	TxID       string `json:"txid"`
	Valor      string `json:"valor"`
	Horario    string `json:"horario"`
	Chave      string `json:"chave,omitempty"`
}

// Add records a received Pix.
func (s *Server) Add(p Pix) {
	if p.Horario == "" {
		p.Horario = time.Now().UTC().Format(time.RFC3339)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pix == nil {
		s.pix = map[string]Pix{}
	}
	s.pix[p.EndToEndID] = p
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.once.Do(func() {
		s.mux = http.NewServeMux()
		s.mux.HandleFunc("POST /oauth/token", s.token)
		s.mux.HandleFunc("GET /v2/pix/{e2eId}", s.lookup)
		s.mux.HandleFunc("POST /_fake/pix", s.receive)
	})
	s.mux.ServeHTTP(w, r)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	var body struct {
		GrantType string `json:"grant_type"`
	}
	_ = json.NewDecoder(r.Body).Decode(&body)
	if !ok || id != s.ClientID || secret != s.ClientSecret || body.GrantType != "client_credentials" {
		http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
		return
	}
	s.Tokens.Add(1)
	writeJSON(w, map[string]any{"access_token": "fake-efi-token", "token_type": "Bearer", "expires_in": 3600, "scope": "pix.read"})
}

func (s *Server) lookup(w http.ResponseWriter, r *http.Request) {
	s.Lookups.Add(1)
	if r.Header.Get("Authorization") != "Bearer fake-efi-token" {
		http.Error(w, `{"nome":"nao_autorizado"}`, http.StatusUnauthorized)
		return
	}
	if s.Down.Load() {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	s.mu.Lock()
	p, ok := s.pix[r.PathValue("e2eId")]
	s.mu.Unlock()
	if !ok {
		http.Error(w, `{"nome":"pix_nao_encontrado"}`, http.StatusNotFound)
		return
	}
	writeJSON(w, p)
}

// receive records a Pix and delivers its notification; it answers the webhook's status.
func (s *Server) receive(w http.ResponseWriter, r *http.Request) {
	var p Pix
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil || p.EndToEndID == "" {
		http.Error(w, "endToEndId required", http.StatusBadRequest)
		return
	}
	s.Add(p)
	if s.Webhook == "" {
		writeJSON(w, map[string]any{"delivered": false})
		return
	}
	body, _ := json.Marshal(map[string]any{"pix": []Pix{p}})
	res, err := http.Post(s.Webhook, "application/json", bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	res.Body.Close()
	writeJSON(w, map[string]any{"delivered": true, "status": res.StatusCode})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		fmt.Println("fakeefi:", err)
	}
}
