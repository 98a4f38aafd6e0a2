package integration

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"

	"atende/pkg/errs"
	"atende/pkg/mask"
	"atende/pkg/validate"
)

// Bounds of the form's fields.
const (
	MaxJSONContent = 16 << 10 // a service-account key file is about 2.3 KB
	MaxURL         = 2048
	MaxKeyword     = 100
	MaxExpires     = 7 * 24 * 60 // minutes
	MaxDelay       = 60000       // milliseconds
)

// Validation messages of the form.
const (
	MsgBadURL         = "URL inválida"
	MsgBadCredentials = "JSON de credenciais inválido (conta de serviço do Google)"
	MsgBadSlug        = "Slug inválido"
)

var slugRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$`)

// Input is the create or update form; nil fields are kept (update) or defaulted (create).
type Input struct {
	Name                  *string `json:"name"`
	Type                  *string `json:"type"`
	ProjectName           *string `json:"projectName"`
	JSONContent           *string `json:"jsonContent"`
	Language              *string `json:"language"`
	URLN8N                *string `json:"urlN8N"`
	TypebotSlug           *string `json:"typebotSlug"`
	TypebotExpires        *int    `json:"typebotExpires"`
	TypebotKeywordFinish  *string `json:"typebotKeywordFinish"`
	TypebotKeywordRestart *string `json:"typebotKeywordRestart"`
	TypebotUnknownMessage *string `json:"typebotUnknownMessage"`
	TypebotDelayMessage   *int    `json:"typebotDelayMessage"`
	TypebotRestartMessage *string `json:"typebotRestartMessage"`
}

// apply copies in onto it and validates the result: the spec's rules (name 2-50; url and
// slug for typebot; url for n8n and webhook) and ours (Dialogflow needs its project and a
// service-account key; every field bounded).
func (in Input) apply(it *Integration, creating bool) error {
	v := errs.Validation{}
	if in.JSONContent != nil && mask.IsSecret(*in.JSONContent) {
		in.JSONContent = nil // the masked key file the form was shown: keep the stored one
	}
	if in.Name != nil || creating {
		it.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", it.Name, 2, 50)
	}
	if in.Type != nil || creating {
		it.Type = strings.TrimSpace(validate.Deref(in.Type))
		if it.Type == "" {
			v.Add("type", validate.MsgRequired)
		} else {
			validate.OneOf(v, "type", it.Type, Types...)
		}
	}
	trimmed := map[string]validate.Pair[string]{"projectName": {Dst: &it.ProjectName, Src: in.ProjectName},
		"urlN8N": {Dst: &it.URLN8N, Src: in.URLN8N}, "typebotSlug": {Dst: &it.TypebotSlug, Src: in.TypebotSlug},
		"typebotKeywordFinish":  {Dst: &it.TypebotKeywordFinish, Src: in.TypebotKeywordFinish},
		"typebotKeywordRestart": {Dst: &it.TypebotKeywordRestart, Src: in.TypebotKeywordRestart},
		"language":              {Dst: &it.Language, Src: in.Language}, "jsonContent": {Dst: &it.JSONContent, Src: in.JSONContent}}
	validate.Each(trimmed, func(field, s string) { *trimmed[field].Dst = strings.TrimSpace(s) })
	validate.Each(map[string]validate.Pair[string]{
		"typebotUnknownMessage": {Dst: &it.TypebotUnknownMessage, Src: in.TypebotUnknownMessage},
		"typebotRestartMessage": {Dst: &it.TypebotRestartMessage, Src: in.TypebotRestartMessage},
	}, validate.TextCheck(v))
	validate.Each(map[string]validate.Pair[int]{"typebotExpires": {Dst: &it.TypebotExpires, Src: in.TypebotExpires},
		"typebotDelayMessage": {Dst: &it.TypebotDelayMessage, Src: in.TypebotDelayMessage}}, nil)
	it.check(v)
	return v.Err()
}

// check validates a whole record, whichever fields the request carried.
func (it *Integration) check(v errs.Validation) {
	validate.Length(v, "projectName", it.ProjectName, 0, 100)
	validate.Length(v, "typebotKeywordFinish", it.TypebotKeywordFinish, 0, MaxKeyword)
	validate.Length(v, "typebotKeywordRestart", it.TypebotKeywordRestart, 0, MaxKeyword)
	if it.TypebotExpires < 0 || it.TypebotExpires > MaxExpires {
		v.Add("typebotExpires", validate.MsgBadOption)
	}
	if it.TypebotDelayMessage < 0 || it.TypebotDelayMessage > MaxDelay {
		v.Add("typebotDelayMessage", validate.MsgBadOption)
	}
	switch it.Type {
	case TypeTypebot:
		checkURL(v, it.URLN8N)
		if it.TypebotSlug == "" {
			v.Add("typebotSlug", validate.MsgRequired)
		} else if !slugRe.MatchString(it.TypebotSlug) {
			v.Add("typebotSlug", MsgBadSlug)
		}
	case TypeN8N, TypeWebhook:
		checkURL(v, it.URLN8N)
	case TypeDialogflow:
		validate.Length(v, "projectName", it.ProjectName, 1, 100)
		if it.Language == "" {
			it.Language = Languages[0]
		}
		validate.OneOf(v, "language", it.Language, Languages...)
		if _, err := ParseCredentials(it.JSONContent); err != nil {
			v.Add("jsonContent", MsgBadCredentials)
		}
	}
	if it.Type != TypeDialogflow {
		it.ProjectName, it.JSONContent, it.Language = "", "", "" // no stray secrets on other kinds
	}
}

// checkURL requires an absolute http(s) URL.
func checkURL(v errs.Validation, s string) {
	if s == "" {
		v.Add("urlN8N", validate.MsgRequired)
		return
	}
	u, err := url.Parse(s)
	if len(s) > MaxURL || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		v.Add("urlN8N", MsgBadURL)
	}
}

// typebotFields are the settings a flow's typebot node shares with a Typebot integration,
// in the order a refusal names them.
var typebotFields = []string{"urlN8N", "typebotSlug", "typebotExpires", "typebotDelayMessage", "typebotKeywordFinish",
	"typebotKeywordRestart"}

// CheckTypebotNode checks a flow's typebot node settings as the Typebot integration form
// does (URL, slug, keywords, expiry, delay), whatever type they claim: it returns the first
// refused field and its message, or empty strings. it becomes a Typebot integration.
func CheckTypebotNode(it *Integration) (field, msg string) {
	it.Type = TypeTypebot
	v := errs.Validation{}
	it.check(v)
	for _, f := range typebotFields {
		if m, ok := v[f]; ok {
			return f, m
		}
	}
	return "", ""
}

// Credentials is the part of a Google service-account key file Dialogflow needs.
type Credentials struct {
	Type        string `json:"type"`
	ProjectID   string `json:"project_id"`
	ClientEmail string `json:"client_email"`
	PrivateKey  string `json:"private_key"`
	TokenURI    string `json:"token_uri"`
}

// ParseCredentials reads a bounded service-account JSON with its e-mail and private key.
func ParseCredentials(s string) (Credentials, error) {
	var c Credentials
	if s == "" || len(s) > MaxJSONContent {
		return c, errBadCredentials
	}
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		return c, errBadCredentials
	}
	if c.ClientEmail == "" || !strings.Contains(c.PrivateKey, "PRIVATE KEY") {
		return c, errBadCredentials
	}
	return c, nil
}
