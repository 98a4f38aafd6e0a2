// Package integration holds a company's queue integrations (spec/3 "Queue integration",
// BEHAVIOUR §10): the records attached to connections, queues and chatbot options, their
// validation, and the clients that hand a customer's message to the outside bot (Typebot,
// Dialogflow, an n8n or webhook URL). The worker runs them (package handoff) for
// tasks.IntegrationMessage.
package integration

import (
	"net/http"
	"time"

	"atende/pkg/errs"
	"atende/pkg/mask"
)

// Integration kinds.
const (
	TypeDialogflow  = "dialogflow"
	TypeN8N         = "n8n"
	TypeWebhook     = "webhook"
	TypeTypebot     = "typebot"
	TypeFlowbuilder = "flowbuilder"
)

// Types are the kinds the type select offers.
var Types = []string{TypeDialogflow, TypeN8N, TypeWebhook, TypeTypebot, TypeFlowbuilder}

// Languages are Dialogflow's query languages the form offers.
var Languages = []string{"pt-BR", "en", "es"}

// Integration is one queue integration. JSON names follow the spec.
type Integration struct {
	ID          int64  `json:"id"`
	CompanyID   int64  `json:"companyId"`
	Name        string `json:"name"`
	Type        string `json:"type"`
	ProjectName string `json:"projectName"`
	// JSONContent is the service-account key file; it never leaves the API: reads show
	// JSONContentMasked, and a form sending that back keeps the stored key.
	JSONContent           string `json:"-" gorm:"column:json_content"`
	JSONContentMasked     string `json:"jsonContent" gorm:"-"`
	Language              string `json:"language"`
	URLN8N                string `json:"urlN8N" gorm:"column:url_n8n"`
	TypebotSlug           string `json:"typebotSlug"`
	TypebotExpires        int    `json:"typebotExpires"`
	TypebotKeywordFinish  string `json:"typebotKeywordFinish"`
	TypebotKeywordRestart string `json:"typebotKeywordRestart"`
	TypebotUnknownMessage string `json:"typebotUnknownMessage"`
	TypebotDelayMessage   int    `json:"typebotDelayMessage"`
	TypebotRestartMessage string `json:"typebotRestartMessage"`
	// WebhookSecret signs what n8n and webhook integrations receive (sign.go).
	WebhookSecret string    `json:"webhookSecret"`
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
}

// present fills what reads show instead of the key file.
func (it *Integration) present() { it.JSONContentMasked = MaskCredentials(it.JSONContent) }

// MaskCredentials shows which service account a key file is, never its key: the masked
// prefix and the account's e-mail ("" stays "").
func MaskCredentials(jsonContent string) string {
	if jsonContent == "" {
		return ""
	}
	creds, err := ParseCredentials(jsonContent)
	if err != nil {
		return mask.SecretPrefix
	}
	return mask.SecretPrefix + " " + creds.ClientEmail
}

// TableName is the table of migration 00038.
func (Integration) TableName() string { return "queue_integrations" }

// Errors.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_NO_INTEGRATION_FOUND", "Integração não encontrada.")

// MsgBadIntegration is the field error of a queue, option or connection pointing at an
// integration that is not one of the company's.
const MsgBadIntegration = "Integração inválida"
