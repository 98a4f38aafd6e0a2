package fakegraph

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// FailNext makes the next n sends answer Graph error code (e.g. 130429, rate limited).
func (s *Server) FailNext(n, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures = append(s.failures, code)
	}
}

// Sends returns what was sent so far.
func (s *Server) Sends() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sent(nil), s.sent...)
}

// Reads returns the message ids marked read.
func (s *Server) Reads() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.reads...)
}

// Subscribed returns the pages whose webhooks were subscribed.
func (s *Server) Subscribed() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.subscribed...)
}

// sender resolves the id of a POST /{id}/messages: a page (by id, or "me" with its page
// token), or a Cloud API phone-number id. An Instagram account id is refused, as Graph
// does: Instagram messages go through the linked page.
func (s *Server) sender(w http.ResponseWriter, r *http.Request, id string) (string, bool) {
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	for _, p := range s.Pages {
		switch {
		case id == "me" && p.Token == token:
			return p.ID, true
		case id != "" && id == p.InstagramID:
			graphError(w, 400, 100, "Unsupported post request. Object with ID '"+id+
				"' does not exist, cannot be loaded due to missing permissions, or does not support this operation")
			return "", false
		}
	}
	if id == "me" {
		graphError(w, 400, 190, "Invalid OAuth access token")
		return "", false
	}
	return id, true
}

// message handles POST /{id}/messages: a Cloud API send or read mark, or a Send API call
// (JSON or multipart with filedata).
func (s *Server) message(w http.ResponseWriter, r *http.Request, from, path string) {
	body, sent, err := decodeSend(r)
	if err != nil {
		graphError(w, 400, 100, err.Error())
		return
	}
	if body["status"] == "read" {
		s.mu.Lock()
		s.reads = append(s.reads, fmt.Sprint(body["message_id"]))
		s.mu.Unlock()
		answer(w, 200, map[string]bool{"success": true})
		return
	}
	if action, ok := body["sender_action"].(string); ok {
		if action == "react" || action == "unreact" { // recorded with the sends; Meta answers no id
			sent.Type, sent.From, sent.Path = action, from, path
			s.mu.Lock()
			s.sent = append(s.sent, sent)
			s.mu.Unlock()
		}
		answer(w, 200, map[string]any{"recipient_id": recipientOf(body)})
		return
	}
	s.mu.Lock()
	if len(s.failures) > 0 {
		code := s.failures[0]
		s.failures = s.failures[1:]
		s.mu.Unlock()
		graphError(w, 400, code, "(#"+fmt.Sprint(code)+") Rate limit hit")
		return
	}
	s.seq++
	sent.From, sent.Path = from, path
	cloud := body["messaging_product"] == "whatsapp"
	if cloud {
		sent.ID = fmt.Sprintf("wamid.FAKE%d", s.seq)
	} else {
		sent.ID = fmt.Sprintf("m_FAKE%d", s.seq)
	}
	s.sent = append(s.sent, sent)
	s.mu.Unlock()
	if cloud {
		answer(w, 200, map[string]any{"messaging_product": "whatsapp",
			"contacts": []any{map[string]string{"input": sent.To, "wa_id": sent.To}},
			"messages": []any{map[string]string{"id": sent.ID}}})
		go s.statuses(from, sent)
		return
	}
	answer(w, 200, map[string]string{"recipient_id": sent.To, "message_id": sent.ID})
	if s.Echoes && s.Webhook != "" {
		go s.echo(sent)
	}
}

// echo posts the message_echoes webhook of a Send API message (Instagram's under the
// account linked to the sending page).
func (s *Server) echo(sent Sent) {
	object, entry := "page", sent.From
	for _, p := range s.Pages {
		if p.ID == sent.From && p.InstagramID != "" && sent.Path == "me" { // our Instagram sends use /me
			object, entry = "instagram", p.InstagramID
		}
	}
	var app any = s.AppID
	if _, err := strconv.ParseInt(s.AppID, 10, 64); err == nil {
		app = json.Number(s.AppID) // Meta's app ids are numbers
	}
	body := Messaging(object, entry, map[string]any{"sender": map[string]string{"id": entry},
		"recipient": map[string]string{"id": sent.To}, "timestamp": time.Now().UnixMilli(),
		"message": map[string]any{"mid": sent.ID, "text": sent.Text, "is_echo": true, "app_id": app}})
	if _, err := s.Post(body); err != nil {
		s.mu.Lock()
		s.webhookErr = append(s.webhookErr, err)
		s.mu.Unlock()
	}
}

func decodeSend(r *http.Request) (map[string]any, Sent, error) {
	body := map[string]any{}
	var sent Sent
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			return nil, sent, err
		}
		for k, v := range r.MultipartForm.Value {
			var decoded any
			if json.Unmarshal([]byte(v[0]), &decoded) == nil {
				body[k] = decoded
			} else {
				body[k] = v[0]
			}
		}
		if f, fh, err := r.FormFile("filedata"); err == nil {
			sent.File, _ = io.ReadAll(f)
			sent.FileName = fh.Filename
			f.Close()
		}
	} else if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		return nil, sent, err
	}
	sent.Body, sent.To = body, recipientOf(body)
	sent.Type, _ = body["type"].(string)
	if t, ok := body["text"].(map[string]any); ok {
		sent.Text, _ = t["body"].(string)
	}
	if m, ok := body["message"].(map[string]any); ok {
		sent.Text, _ = m["text"].(string)
		sent.Type = "text"
		if a, ok := m["attachment"].(map[string]any); ok {
			sent.Type, _ = a["type"].(string)
		}
	}
	return body, sent, nil
}

func recipientOf(body map[string]any) string {
	if to, ok := body["to"].(string); ok {
		return to
	}
	if rc, ok := body["recipient"].(map[string]any); ok {
		id, _ := rc["id"].(string)
		return id
	}
	return ""
}

// statuses posts sent, delivered and read for a Cloud API send, StatusDelay apart.
func (s *Server) statuses(phoneID string, sent Sent) {
	if s.Webhook == "" || s.NoStatuses {
		return
	}
	for _, st := range []string{"sent", "delivered", "read"} {
		time.Sleep(s.StatusDelay)
		if _, err := s.Post(WhatsAppStatus(phoneID, sent.ID, st, sent.To)); err != nil {
			s.mu.Lock()
			s.webhookErr = append(s.webhookErr, err)
			s.mu.Unlock()
		}
	}
}

// control serves the e2e's /_fake endpoints: customer (post a customer message webhook),
// sent (what was sent), ratelimit (fail the next sends).
func (s *Server) control(w http.ResponseWriter, r *http.Request, what string) {
	switch what {
	case "customer":
		var in struct {
			PhoneNumberID, From, Name, ID, Text string
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			graphError(w, 400, 100, err.Error())
			return
		}
		if in.ID == "" {
			in.ID = fmt.Sprintf("wamid.CUSTOMER%d", time.Now().UnixNano())
		}
		status, err := s.Post(WhatsAppText(in.PhoneNumberID, in.From, in.Name, in.ID, in.Text))
		if err != nil {
			graphError(w, 502, 1, err.Error())
			return
		}
		answer(w, 200, map[string]any{"webhookStatus": status, "id": in.ID})
	case "sent":
		answer(w, 200, append([]Sent{}, s.Sends()...)) // [] rather than null when empty
	case "ratelimit":
		var in struct{ Count, Code int }
		_ = json.NewDecoder(r.Body).Decode(&in)
		s.FailNext(in.Count, in.Code)
		answer(w, 200, map[string]bool{"ok": true})
	default:
		graphError(w, 404, 100, "unknown control "+what)
	}
}

// Media returns a stored media file (one our side uploaded, or one added).
func (s *Server) Media(id string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.media[id]
	return m.data, ok
}
