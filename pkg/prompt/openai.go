package prompt

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// Turn is one message of the conversation sent to the model.
type Turn struct {
	Role    string // "system", "user" or "assistant"
	Content string
}

// Request is one chat completion.
type Request struct {
	APIKey      string
	Model       string
	MaxTokens   int
	Temperature float64
	Turns       []Turn
}

// AI is what the runtime asks of the model provider.
type AI interface {
	Chat(ctx context.Context, r Request) (string, error)
	Transcribe(ctx context.Context, apiKey, model string, audio io.Reader, name, mime string) (string, error)
}

// OpenAI talks to the OpenAI HTTP API through its official client, and to Gemini for the
// prompts whose model is a Gemini one (gemini.go). BaseURL empty is OpenAI's own,
// GeminiURL empty Google's; tests point them at a loopback fake.
type OpenAI struct {
	BaseURL   string
	GeminiURL string
	HTTP      *http.Client
}

// TranscriptionModel is the speech-to-text model (Whisper).
const TranscriptionModel = "whisper-1"

func (o OpenAI) client(apiKey, model string) openai.Client {
	opts := []option.RequestOption{option.WithAPIKey(apiKey), option.WithMaxRetries(0)}
	if IsGemini(model) {
		opts = append(opts, option.WithBaseURL(o.geminiBase()+"openai/"))
	} else if o.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(o.BaseURL))
	}
	if o.HTTP != nil {
		opts = append(opts, option.WithHTTPClient(o.HTTP))
	}
	return openai.NewClient(opts...)
}

// Chat asks for one answer to the turns.
func (o OpenAI) Chat(ctx context.Context, r Request) (string, error) {
	msgs := make([]openai.ChatCompletionMessageParamUnion, 0, len(r.Turns))
	for _, t := range r.Turns {
		switch t.Role {
		case "system":
			msgs = append(msgs, openai.SystemMessage(t.Content))
		case "assistant":
			msgs = append(msgs, openai.AssistantMessage(t.Content))
		default:
			msgs = append(msgs, openai.UserMessage(t.Content))
		}
	}
	c := o.client(r.APIKey, r.Model)
	res, err := c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model: r.Model, Messages: msgs,
		MaxCompletionTokens: openai.Int(int64(r.MaxTokens)), Temperature: openai.Float(r.Temperature),
	})
	if err != nil {
		return "", err
	}
	if len(res.Choices) == 0 {
		return "", errors.New("openai: no choices in the answer")
	}
	return res.Choices[0].Message.Content, nil
}

// Transcribe turns a voice note into text: Whisper, or the prompt's own Gemini model.
func (o OpenAI) Transcribe(ctx context.Context, apiKey, model string, audio io.Reader, name, mime string) (string, error) {
	if IsGemini(model) {
		return o.geminiTranscribe(ctx, apiKey, model, audio, mime)
	}
	c := o.client(apiKey, model)
	res, err := c.Audio.Transcriptions.New(ctx, openai.AudioTranscriptionNewParams{
		File: openai.File(audio, name, mime), Model: TranscriptionModel, Language: openai.String("pt"),
	})
	if err != nil {
		return "", err
	}
	return res.Text, nil
}

// Retryable reports a provider failure worth another try later: rate limits, the
// provider's own errors, and the network. A refused key or request is not.
func Retryable(err error) bool {
	var api *openai.Error
	if errors.As(err, &api) {
		return api.StatusCode == http.StatusTooManyRequests || api.StatusCode >= 500
	}
	var st *StatusError
	if errors.As(err, &st) {
		return st.Status == http.StatusTooManyRequests || st.Status >= 500
	}
	return !errors.Is(err, context.Canceled)
}
