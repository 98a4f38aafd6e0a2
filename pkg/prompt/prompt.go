// Package prompt holds a company's AI prompts (spec/3 "Prompt", plan flag useOpenAi): the
// records the /prompts page edits, and the runtime that answers a ticket's customer with
// OpenAI (BEHAVIOUR §10) from the worker.
package prompt

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"atende/pkg/errs"
	"atende/pkg/mask"
	"atende/pkg/validate"
)

// Defaults and bounds (spec/3 §9: max tokens 100, temperature 1, max messages 10, voice texto).
const (
	DefaultModel       = "gpt-4o-mini"
	DefaultMaxTokens   = 100
	DefaultTemperature = 1.0
	DefaultMaxMessages = 10
	VoiceText          = "texto"

	MaxTokensLimit   = 4096
	MaxMessagesLimit = 50
	MaxTemperature   = 2.0
	MinPromptChars   = 50
	MaxPromptChars   = 20000
)

// Voices are the Brazilian Portuguese neural voices (Azure Speech) a prompt may answer
// with; VoiceText answers in writing.
var Voices = []string{
	"pt-BR-FranciscaNeural", "pt-BR-AntonioNeural", "pt-BR-BrendaNeural", "pt-BR-DonatoNeural",
	"pt-BR-ElzaNeural", "pt-BR-FabioNeural", "pt-BR-GiovannaNeural", "pt-BR-HumbertoNeural",
	"pt-BR-JulioNeural", "pt-BR-LeilaNeural", "pt-BR-LeticiaNeural", "pt-BR-ManuelaNeural",
	"pt-BR-NicolauNeural", "pt-BR-ValerioNeural", "pt-BR-YaraNeural", "pt-BR-ThalitaNeural",
}

// Field messages of the prompt form (spec/3 §5).
const (
	MsgTooShort  = "Muito curto!"
	MsgTooLong   = "Muito longo!"
	MsgNoQueue   = "Informe o setor"
	MsgPromptMin = "O prompt precisa de pelo menos 50 caracteres."
	MsgRange     = "Valor fora do intervalo permitido"
	MsgBadModel  = "Modelo inválido"
)

// ErrNotFound answers an id that is not a prompt of the company.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_NO_PROMPT_FOUND", "Prompt não encontrado.")

// Prompt is one AI prompt. APIKey never leaves the API as it is stored: JSON carries
// the masked form (mask.Secret).
type Prompt struct {
	ID          int64     `json:"id"`
	CompanyID   int64     `json:"companyId"`
	Name        string    `json:"name"`
	Prompt      string    `json:"prompt"`
	Model       string    `json:"model"`
	Voice       string    `json:"voice"`
	VoiceKey    string    `json:"-"`
	VoiceRegion string    `json:"voiceRegion"`
	MaxTokens   int       `json:"maxTokens"`
	Temperature float64   `json:"temperature"`
	APIKey      string    `json:"-"`
	QueueID     *int64    `json:"queueId"`
	MaxMessages int       `json:"maxMessages"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`

	// What reads show instead of the secrets, and the queue's name.
	APIKeyMasked   string    `json:"apiKey" gorm:"-"`
	VoiceKeyMasked string    `json:"voiceKey" gorm:"-"`
	Queue          *QueueRef `json:"queue" gorm:"-"`
}

// QueueRef is the queue shape inside a prompt.
type QueueRef struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// Input is the prompt form; nil fields keep the stored value (update) or take the default.
type Input struct {
	Name        *string                    `json:"name"`
	Prompt      *string                    `json:"prompt"`
	Model       *string                    `json:"model"`
	Voice       *string                    `json:"voice"`
	VoiceKey    *string                    `json:"voiceKey"`
	VoiceRegion *string                    `json:"voiceRegion"`
	MaxTokens   validate.Nullable[int]     `json:"maxTokens"`
	Temperature validate.Nullable[float64] `json:"temperature"`
	APIKey      *string                    `json:"apiKey"`
	QueueID     validate.Nullable[int64]   `json:"queueId"`
	MaxMessages validate.Nullable[int]     `json:"maxMessages"`
}

var modelName = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,100}$`)

// apply copies the form onto p and checks the whole record; the queue's owner is checked
// by the caller.
func (in Input) apply(p *Prompt, creating bool) error {
	v := errs.Validation{}
	setStr := func(dst *string, src *string, trim bool) {
		if src != nil {
			*dst = *src
			if trim {
				*dst = strings.TrimSpace(*dst)
			}
		}
	}
	setStr(&p.Name, in.Name, true)
	setStr(&p.Prompt, in.Prompt, false)
	setStr(&p.Model, in.Model, true)
	setStr(&p.Voice, in.Voice, true)
	setStr(&p.VoiceRegion, in.VoiceRegion, true)
	p.VoiceRegion = strings.ToLower(p.VoiceRegion)
	if in.APIKey != nil && !mask.IsSecret(*in.APIKey) && (creating || strings.TrimSpace(*in.APIKey) != "") {
		p.APIKey = strings.TrimSpace(*in.APIKey)
	}
	if in.VoiceKey != nil && !mask.IsSecret(*in.VoiceKey) {
		p.VoiceKey = strings.TrimSpace(*in.VoiceKey)
	}
	setNum(in.MaxTokens, &p.MaxTokens, DefaultMaxTokens)
	setNum(in.Temperature, &p.Temperature, DefaultTemperature)
	setNum(in.MaxMessages, &p.MaxMessages, DefaultMaxMessages)
	if in.QueueID.Set {
		p.QueueID = in.QueueID.Of()
	}
	if p.Model == "" {
		p.Model = DefaultModel
	}
	if p.Voice == "" {
		p.Voice = VoiceText
	}
	p.check(v)
	return v.Err()
}

// setNum copies a present number; a cleared one takes def.
func setNum[T int | float64](n validate.Nullable[T], dst *T, def T) {
	if !n.Set {
		return
	}
	if n.Valid {
		*dst = n.Value
	} else {
		*dst = def
	}
}

// check is every rule of spec/3 §5 on a whole record.
func (p Prompt) check(v errs.Validation) {
	switch n := utf8.RuneCountInString(p.Name); {
	case n == 0:
		v.Add("name", validate.MsgRequired)
	case n < 5:
		v.Add("name", MsgTooShort)
	case n > 100:
		v.Add("name", MsgTooLong)
	}
	switch n := utf8.RuneCountInString(strings.TrimSpace(p.Prompt)); {
	case n < MinPromptChars:
		v.Add("prompt", MsgPromptMin)
	case n > MaxPromptChars:
		v.Add("prompt", MsgTooLong)
	}
	if p.QueueID == nil {
		v.Add("queueId", MsgNoQueue)
	}
	if p.APIKey == "" {
		v.Add("apiKey", validate.MsgRequired)
	} else if len(p.APIKey) > 500 {
		v.Add("apiKey", MsgTooLong)
	}
	if !modelName.MatchString(p.Model) {
		v.Add("model", MsgBadModel)
	}
	if p.Voice != VoiceText && !slices.Contains(Voices, p.Voice) {
		v.Add("voice", validate.MsgBadOption)
	}
	if len(p.VoiceKey) > 500 {
		v.Add("voiceKey", MsgTooLong)
	}
	if p.VoiceRegion != "" && !regionName.MatchString(p.VoiceRegion) {
		v.Add("voiceRegion", validate.MsgBadOption) // it names a host: letters and digits only
	}
	if p.MaxTokens < 1 || p.MaxTokens > MaxTokensLimit {
		v.Add("maxTokens", MsgRange)
	}
	if p.Temperature < 0 || p.Temperature > MaxTemperature {
		v.Add("temperature", MsgRange)
	}
	if p.MaxMessages < 1 || p.MaxMessages > MaxMessagesLimit {
		v.Add("maxMessages", MsgRange)
	}
}
