// Package fakegraph is a fake Graph API for tests and the e2e run: it records what our
// channels send and answers with ids, stores and serves media, answers rate-limit errors
// on demand, lists pages for the Facebook login, says what a token reaches (a page token's
// /me, a Cloud API phone number read with its token), records page (un)subscriptions, and
// posts signed webhooks to our
// /webhooks/meta (customer messages on request, statuses after each send). It stands in
// for Meta at the network boundary only: our real client code talks to it over HTTP.
package fakegraph

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"atende/pkg/metawebhook"
)

// Sent is one send our side made.
type Sent struct {
	From     string         `json:"from"` // phone-number or page id that sent it
	Path     string         `json:"path"` // the id of the path: From, or "me" (the token's page)
	To       string         `json:"to"`
	Type     string         `json:"type"`
	Text     string         `json:"text"`
	ID       string         `json:"id"`
	Body     map[string]any `json:"body"`
	FileName string         `json:"fileName,omitempty"`
	File     []byte         `json:"-"`
}

// Page is a page the fake login lists.
type Page struct {
	ID, Name, Token, InstagramID, InstagramUsername string
}

type media struct {
	mime   string
	data   []byte
	public bool // Messenger attachment URLs need no token; Cloud API media do
}

// Server is the fake. Set Webhook (our /webhooks/meta URL) and Secret (META_APP_SECRET)
// for it to post webhooks; StatusDelay spaces the statuses it posts after a send.
type Server struct {
	Webhook     string
	Secret      string
	BaseURL     string // its own URL, for media links (set by the caller)
	StatusDelay time.Duration
	NoStatuses  bool // post no statuses after sends (a test posts its own)
	Pages       []Page
	// Echoes posts, after each Send API message, its message_echoes webhook naming AppID as
	// the sender app, as Meta does for a page subscribed to echoes.
	Echoes bool
	AppID  string
	// Numbers maps a Cloud API phone-number id to the token that reads it (AddNumber); a
	// number read with another token, or not listed, is refused as Graph does. nil: any
	// token reads any number (the e2e's fake, whose numbers are made up by the test).
	Numbers map[string]string

	mu         sync.Mutex
	sent       []Sent
	reads      []string
	media      map[string]media
	subscribed []string
	unsubbed   []string
	failures   []int          // Graph error codes to answer the next sends with
	broken     map[string]int // media id → downloads still to answer 404
	seq        int
	webhookErr []error
}

var version = regexp.MustCompile(`^/v\d+\.\d+`)

// ServeHTTP routes Graph paths (with or without the version prefix) and the /_fake controls.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := version.ReplaceAllString(r.URL.Path, "")
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case strings.HasPrefix(path, "/_fake/"):
		s.control(w, r, parts[1])
	case r.Method == "GET" && path == "/oauth/access_token":
		answer(w, 200, map[string]string{"access_token": "LL-" + r.URL.Query().Get("fb_exchange_token"), "token_type": "bearer"})
	case r.Method == "GET" && len(parts) == 2 && parts[1] == "accounts":
		s.accounts(w)
	case r.Method == "POST" && len(parts) == 2 && parts[1] == "subscribed_apps":
		s.mu.Lock()
		s.subscribed = append(s.subscribed, parts[0])
		s.mu.Unlock()
		answer(w, 200, map[string]bool{"success": true})
	case r.Method == "DELETE" && len(parts) == 2 && parts[1] == "subscribed_apps":
		s.unsubscribe(w, r, parts[0])
	case r.Method == "GET" && path == "/me":
		s.me(w, r)
	case r.Method == "GET" && len(parts) == 1 && strings.Contains(r.URL.Query().Get("fields"), "display_phone_number"):
		s.number(w, r, parts[0])
	case r.Method == "POST" && len(parts) == 2 && parts[1] == "media":
		s.upload(w, r)
	case r.Method == "POST" && len(parts) == 2 && parts[1] == "messages":
		if from, ok := s.sender(w, r, parts[0]); ok {
			s.message(w, r, from, parts[0])
		}
	case r.Method == "GET" && len(parts) == 2 && parts[0] == "files":
		s.download(w, r, parts[1])
	case r.Method == "GET" && len(parts) == 1:
		s.object(w, parts[0])
	default:
		graphError(w, 404, 100, "Unknown path "+path)
	}
}

func (s *Server) accounts(w http.ResponseWriter) {
	var data []map[string]any
	for _, p := range s.Pages {
		d := map[string]any{"id": p.ID, "name": p.Name, "access_token": p.Token}
		if p.InstagramID != "" {
			d["instagram_business_account"] = map[string]string{"id": p.InstagramID, "username": p.InstagramUsername}
		}
		data = append(data, d)
	}
	answer(w, 200, map[string]any{"data": data})
}

// pageOf is the page whose token the request carries.
func (s *Server) pageOf(r *http.Request) (Page, bool) {
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	for _, p := range s.Pages {
		if token != "" && p.Token == token {
			return p, true
		}
	}
	return Page{}, false
}

// me answers GET /me for a page token: the page and its Instagram business account.
// Another token names no page (Graph would name its user; no test needs one).
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	p, ok := s.pageOf(r)
	if !ok {
		graphError(w, 400, 190, "Invalid OAuth access token - Cannot parse access token")
		return
	}
	d := map[string]any{"id": p.ID, "name": p.Name}
	if p.InstagramID != "" {
		d["instagram_business_account"] = map[string]string{"id": p.InstagramID}
	}
	answer(w, 200, d)
}

// AddNumber lets token read the Cloud API phone-number id (and makes Numbers strict).
func (s *Server) AddNumber(id, token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Numbers == nil {
		s.Numbers = map[string]string{}
	}
	s.Numbers[id] = token
}

// number answers GET /{phone-number-id}?fields=…display_phone_number: the number when the
// token has access to it, else Graph's refusal of an object the token can't see.
func (s *Server) number(w http.ResponseWriter, r *http.Request, id string) {
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.mu.Lock()
	owner, listed := s.Numbers[id]
	open := s.Numbers == nil
	s.mu.Unlock()
	if token == "" || (!open && (!listed || owner != token)) {
		graphError(w, 400, 100, "Unsupported get request. Object with ID '"+id+
			"' does not exist, cannot be loaded due to missing permissions, or does not support this operation")
		return
	}
	answer(w, 200, map[string]string{"id": id, "display_phone_number": "+55 11 90000-0000"})
}

// unsubscribe answers DELETE /{page-id}/subscribed_apps with that page's token.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request, id string) {
	if p, ok := s.pageOf(r); !ok || p.ID != id {
		graphError(w, 403, 200, "(#200) The page token does not belong to page "+id)
		return
	}
	s.mu.Lock()
	s.unsubbed = append(s.unsubbed, id)
	s.mu.Unlock()
	answer(w, 200, map[string]bool{"success": true})
}

// Unsubscribed returns the pages whose webhooks were unsubscribed.
func (s *Server) Unsubscribed() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.unsubbed...)
}

// uploadTypes are the media types the Cloud API documents (audio/ogg: Opus only).
var uploadTypes = []string{"audio/aac", "audio/amr", "audio/mpeg", "audio/mp4", "audio/ogg",
	"image/jpeg", "image/png", "image/webp", "video/3gp", "video/3gpp", "video/mp4", "text/plain", "application/pdf",
	"application/vnd.ms-excel", "application/msword", "application/vnd.ms-powerpoint",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"application/vnd.openxmlformats-officedocument.presentationml.presentation"}

func (s *Server) upload(w http.ResponseWriter, r *http.Request) {
	f, fh, err := r.FormFile("file")
	if err != nil {
		graphError(w, 400, 100, "file missing")
		return
	}
	defer f.Close()
	for _, t := range []string{r.FormValue("type"), fh.Header.Get("Content-Type")} {
		if !slices.Contains(uploadTypes, t) {
			graphError(w, 400, 100, "(#100) Param file must be a file with one of the following types: "+
				strings.Join(uploadTypes, ", ")+". Received file of type '"+t+"'.")
			return
		}
	}
	data, _ := io.ReadAll(f)
	id := s.AddMedia(fh.Header.Get("Content-Type"), data)
	answer(w, 200, map[string]string{"id": id})
}

// AddMedia stores a file the fake serves as a Cloud API media id and returns the id.
func (s *Server) AddMedia(mime string, data []byte) string { return s.addMedia(mime, data, false) }

// AddAttachment stores a file and returns its public URL (a Messenger attachment).
func (s *Server) AddAttachment(mime string, data []byte) string {
	return s.BaseURL + "/files/" + s.addMedia(mime, data, true)
}

func (s *Server) addMedia(mime string, data []byte, public bool) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	id := fmt.Sprintf("media-%d", s.seq)
	if s.media == nil {
		s.media = map[string]media{}
	}
	s.media[id] = media{mime: mime, data: data, public: public}
	return id
}

// object answers GET /{id}: a media id's URL, else a profile.
func (s *Server) object(w http.ResponseWriter, id string) {
	s.mu.Lock()
	m, ok := s.media[id]
	s.mu.Unlock()
	if ok {
		answer(w, 200, map[string]any{"messaging_product": "whatsapp", "id": id, "mime_type": m.mime,
			"url": s.BaseURL + "/files/" + id, "file_size": len(m.data)})
		return
	}
	answer(w, 200, map[string]string{"id": id, "name": "Cliente " + id})
}

// BreakDownloads makes the next n downloads of media id (a media id, or the id in an
// attachment URL) answer 404, as an expired media URL does.
func (s *Server) BreakDownloads(id string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken == nil {
		s.broken = map[string]int{}
	}
	s.broken[id[strings.LastIndex(id, "/")+1:]] = n
}

func (s *Server) download(w http.ResponseWriter, r *http.Request, id string) {
	s.mu.Lock()
	m, ok := s.media[id]
	if s.broken[id] > 0 {
		s.broken[id]--
		ok = false
	}
	s.mu.Unlock()
	if !ok || (!m.public && !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ")) {
		graphError(w, 404, 100, "no such media")
		return
	}
	w.Header().Set("Content-Type", m.mime)
	w.Write(m.data)
}

func answer(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func graphError(w http.ResponseWriter, status, code int, msg string) {
	answer(w, status, map[string]any{"error": map[string]any{"message": msg, "type": "OAuthException", "code": code,
		"fbtrace_id": "FAKE"}})
}

// Post signs body with Secret and posts it to Webhook, returning the status.
func (s *Server) Post(body []byte) (int, error) {
	req, err := http.NewRequest(http.MethodPost, s.Webhook, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Hub-Signature-256", metawebhook.Sign(s.Secret, body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}
