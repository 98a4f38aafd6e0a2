package prompt

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"
)

// Speaker turns an answer into a voice note (ogg/opus, what WhatsApp plays as recorded).
type Speaker interface {
	Speak(ctx context.Context, key, region, voice, text string) ([]byte, error)
}

// AzureSpeech is Azure's text-to-speech REST API, which the prompt's voice (a pt-BR neural
// voice), voiceKey and voiceRegion name. URL is a format with the region's %s; empty is
// Azure's own (tests point it at a loopback fake).
type AzureSpeech struct {
	URL  string
	HTTP *http.Client
}

// AzureSpeechURL is the regional endpoint.
const AzureSpeechURL = "https://%s.tts.speech.microsoft.com/cognitiveservices/v1"

// MaxSpeechBytes bounds a synthesised voice note.
const MaxSpeechBytes = 10 << 20

var regionName = regexp.MustCompile(`^[a-z0-9]{1,50}$`)

// StatusError is a refusal of a provider the prompts call by plain HTTP (speech, Gemini's
// transcription): its HTTP status.
type StatusError struct {
	Service string
	Status  int
}

func (e *StatusError) Error() string { return fmt.Sprintf("%s: status %d", e.Service, e.Status) }

// Speak synthesises text with voice.
func (a AzureSpeech) Speak(ctx context.Context, key, region, voice, text string) ([]byte, error) {
	if key == "" || !regionName.MatchString(region) {
		return nil, fmt.Errorf("speech: the prompt has no voice key or a valid region")
	}
	var esc strings.Builder
	if err := xml.EscapeText(&esc, []byte(text)); err != nil {
		return nil, err
	}
	ssml := fmt.Sprintf(`<speak version="1.0" xml:lang="pt-BR"><voice name="%s">%s</voice></speak>`, voice, esc.String())
	url := a.URL
	if url == "" {
		url = AzureSpeechURL
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, fmt.Sprintf(url, region), strings.NewReader(ssml))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Ocp-Apim-Subscription-Key", key)
	req.Header.Set("Content-Type", "application/ssml+xml")
	req.Header.Set("X-Microsoft-OutputFormat", "ogg-48khz-16bit-mono-opus")
	req.Header.Set("User-Agent", "atende")
	hc := a.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, &StatusError{Service: "speech", Status: res.StatusCode}
	}
	var buf bytes.Buffer
	if n, err := io.Copy(&buf, io.LimitReader(res.Body, MaxSpeechBytes+1)); err != nil || n > MaxSpeechBytes {
		return nil, fmt.Errorf("speech: answer too large or cut: %v", err)
	}
	return buf.Bytes(), nil
}
