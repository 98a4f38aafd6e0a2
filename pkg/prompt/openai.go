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
	Transcribe(ctx context.Context, apiKey string, audio io.Reader, name, mime string) (string, error)
}

// OpenAI talks to the OpenAI HTTP API through its official client. BaseURL empty is
// OpenAI's own; tests point it at a loopback fake.
type OpenAI struct {
	BaseURL string
	HTTP    *http.Client
}

// TranscriptionModel is the speech-to-text model (Whisper).
const TranscriptionModel = "whisper-1"

func (o OpenAI) client(apiKey string) openai.Client {
	opts := []option.RequestOption{option.WithAPIKey(apiKey), option.WithMaxRetries(0)}
	if o.BaseURL != "" {
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
	c := o.client(r.APIKey)
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

// Transcribe turns a voice note into text.
func (o OpenAI) Transcribe(ctx context.Context, apiKey string, audio io.Reader, name, mime string) (string, error) {
	c := o.client(apiKey)
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
	var sp *SpeechError
	if errors.As(err, &sp) {
		return sp.Status == http.StatusTooManyRequests || sp.Status >= 500
	}
	return !errors.Is(err, context.Canceled)
}
