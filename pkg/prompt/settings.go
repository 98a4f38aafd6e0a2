package prompt

import (
	"context"
	"encoding/json"
	"fmt"

	"atende/pkg/tasks"
	"atende/pkg/validate"
)

// nodeSettings is a flow's openai node (spec/3 "OpenAI node"): a prompt's fields, numbers
// sometimes saved as strings by the editor.
type nodeSettings struct {
	Name        string                     `json:"name"`
	Prompt      string                     `json:"prompt"`
	Model       string                     `json:"model"`
	Voice       string                     `json:"voice"`
	VoiceKey    string                     `json:"voiceKey"`
	VoiceRegion string                     `json:"voiceRegion"`
	MaxTokens   validate.Nullable[int]     `json:"maxTokens"`
	Temperature validate.Nullable[float64] `json:"temperature"`
	APIKey      string                     `json:"apiKey"`
	QueueID     validate.Nullable[int64]   `json:"queueId"`
	MaxMessages validate.Nullable[int]     `json:"maxMessages"`
}

// settingsOf is the prompt a task names: its PromptID, or the flow node's Settings with
// the defaults of a new prompt where the node leaves a field out.
func (r Runtime) settingsOf(ctx context.Context, p tasks.PromptMessage) (Prompt, error) {
	if p.PromptID != 0 {
		return Service{DB: r.DB}.Load(ctx, p.PromptID)
	}
	var n nodeSettings
	if err := json.Unmarshal(p.Settings, &n); err != nil {
		return Prompt{}, fmt.Errorf("prompt: the node's settings: %w", err)
	}
	out := Prompt{CompanyID: p.CompanyID, Name: n.Name, Prompt: n.Prompt, Model: n.Model, Voice: n.Voice,
		VoiceKey: n.VoiceKey, VoiceRegion: n.VoiceRegion, APIKey: n.APIKey, QueueID: n.QueueID.Of(),
		MaxTokens: DefaultMaxTokens, Temperature: DefaultTemperature, MaxMessages: DefaultMaxMessages}
	setNum(n.MaxTokens, &out.MaxTokens, DefaultMaxTokens)
	setNum(n.Temperature, &out.Temperature, DefaultTemperature)
	setNum(n.MaxMessages, &out.MaxMessages, DefaultMaxMessages)
	if out.Model == "" {
		out.Model = DefaultModel
	}
	if out.Voice == "" {
		out.Voice = VoiceText
	}
	// A node's numbers are clamped rather than refused: the flow is already running.
	out.MaxTokens = min(max(out.MaxTokens, 1), MaxTokensLimit)
	out.MaxMessages = min(max(out.MaxMessages, 1), MaxMessagesLimit)
	out.Temperature = min(max(out.Temperature, 0), MaxTemperature)
	return out, nil
}
