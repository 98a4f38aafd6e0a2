package worker_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeOpenAI answers the OpenAI calls the prompts make (chat completions, audio
// transcriptions) and Azure's text-to-speech, on loopback, recording what it was asked.
type fakeOpenAI struct {
	srv *httptest.Server

	mu           sync.Mutex
	answer       string // the chat completion's content
	status       int    // != 0: chat completions fail with this status
	transcript   string
	speechStatus int // != 0: speech fails with this status
	chats        []chatRequest
	speeches     []string // SSML bodies
	keys         []string // Authorization headers seen
	paths        []string // every path asked
}

type chatRequest struct {
	Model               string  `json:"model"`
	MaxCompletionTokens int     `json:"max_completion_tokens"`
	Temperature         float64 `json:"temperature"`
	Messages            []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
}

// oggOpus is the start of an Ogg/Opus voice note (what the storage sniffs as audio/ogg).
var oggOpus = append([]byte("OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x13OpusHead\x01\x01"),
	make([]byte, 64)...)

func newFakeOpenAI(t *testing.T) *fakeOpenAI {
	f := &fakeOpenAI{answer: "Olá!", transcript: "quero saber o preço"}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeOpenAI) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.keys = append(f.keys, r.Header.Get("Authorization")+r.Header.Get("Ocp-Apim-Subscription-Key")+r.Header.Get("X-Goog-Api-Key"))
	f.paths = append(f.paths, r.URL.Path)
	switch {
	case strings.HasSuffix(r.URL.Path, ":generateContent"): // Gemini's own API: a voice note inline
		var req struct {
			Contents []struct {
				Parts []struct {
					InlineData *struct {
						MimeType string `json:"mime_type"`
						Data     string `json:"data"`
					} `json:"inline_data"`
				} `json:"parts"`
			} `json:"contents"`
		}
		if json.NewDecoder(r.Body).Decode(&req) != nil || len(req.Contents) != 1 || len(req.Contents[0].Parts) != 2 ||
			req.Contents[0].Parts[1].InlineData == nil || req.Contents[0].Parts[1].InlineData.MimeType != "audio/ogg" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"candidates": []any{map[string]any{
			"content": map[string]any{"parts": []any{map[string]any{"text": f.transcript}}}}}})
	case strings.HasSuffix(r.URL.Path, "/chat/completions"):
		var req chatRequest
		_ = json.NewDecoder(r.Body).Decode(&req)
		f.chats = append(f.chats, req)
		if f.status != 0 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(f.status)
			io.WriteString(w, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "created": 1,
			"model": req.Model, "choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": f.answer}}}})
	case strings.HasSuffix(r.URL.Path, "/audio/transcriptions"):
		if err := r.ParseMultipartForm(1 << 20); err != nil || r.FormValue("model") != "whisper-1" {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"text": f.transcript})
	case strings.HasPrefix(r.URL.Path, "/tts/"):
		b, _ := io.ReadAll(r.Body)
		f.speeches = append(f.speeches, string(b))
		if f.speechStatus != 0 {
			w.WriteHeader(f.speechStatus)
			return
		}
		w.Header().Set("Content-Type", "audio/ogg")
		w.Write(oggOpus)
	default:
		http.NotFound(w, r)
	}
}

func (f *fakeOpenAI) calls() ([]chatRequest, []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]chatRequest(nil), f.chats...), append([]string(nil), f.speeches...)
}

func (f *fakeOpenAI) set(fn func(*fakeOpenAI)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}
