package prompt

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// GeminiURL is Google's Gemini API (BEHAVIOUR §10 "OpenAI / Gemini"): a prompt whose model
// is a Gemini one chats through its OpenAI-compatible endpoint ("openai/" under it) with
// the same client, and has voice notes transcribed by the model itself (generateContent).
const GeminiURL = "https://generativelanguage.googleapis.com/v1beta/"

// IsGemini reports whether model is one of Google's Gemini models.
func IsGemini(model string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(model)), "gemini")
}

// Bounds of a Gemini transcription: the voice note sent, the answer read.
const (
	maxGeminiAudio  = 20 << 20 // the API's inline-data limit
	maxGeminiAnswer = 1 << 20
)

// geminiTranscript is the instruction sent with the voice note.
const geminiTranscript = "Transcreva este áudio. Responda apenas com o texto falado, sem comentários."

// geminiTranscribe asks model to transcribe the voice note (inline data).
func (o OpenAI) geminiTranscribe(ctx context.Context, apiKey, model string, audio io.Reader, mime string) (string, error) {
	raw, err := io.ReadAll(io.LimitReader(audio, maxGeminiAudio+1))
	if err != nil {
		return "", err
	}
	if len(raw) > maxGeminiAudio {
		return "", fmt.Errorf("gemini: voice note over %d bytes", maxGeminiAudio)
	}
	body, _ := json.Marshal(map[string]any{"contents": []any{map[string]any{"parts": []any{
		map[string]any{"text": geminiTranscript},
		map[string]any{"inline_data": map[string]string{"mime_type": mime, "data": base64.StdEncoding.EncodeToString(raw)}},
	}}}})
	endpoint := o.geminiBase() + "models/" + url.PathEscape(strings.TrimSpace(model)) + ":generateContent"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-goog-api-key", apiKey)
	client := o.HTTP
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		return "", &StatusError{Service: "gemini", Status: res.StatusCode}
	}
	var answer struct {
		Candidates []struct {
			Content struct {
				Parts []struct {
					Text string `json:"text"`
				} `json:"parts"`
			} `json:"content"`
		} `json:"candidates"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, maxGeminiAnswer)).Decode(&answer); err != nil {
		return "", fmt.Errorf("gemini: unreadable answer: %w", err)
	}
	var text strings.Builder
	if len(answer.Candidates) > 0 {
		for _, p := range answer.Candidates[0].Content.Parts {
			text.WriteString(p.Text)
		}
	}
	return text.String(), nil
}

// geminiBase is the Gemini API's root, with its trailing slash.
func (o OpenAI) geminiBase() string {
	base := o.GeminiURL
	if base == "" {
		base = GeminiURL
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return base
}
