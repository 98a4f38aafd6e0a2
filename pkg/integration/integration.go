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
	ID                    int64  `json:"id"`
	CompanyID             int64  `json:"companyId"`
	Name                  string `json:"name"`
	Type                  string `json:"type"`
	ProjectName           string `json:"projectName"`
	JSONContent           string `json:"jsonContent" gorm:"column:json_content"`
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

// TableName is the table of migration 00038.
func (Integration) TableName() string { return "queue_integrations" }

// Errors.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_NO_INTEGRATION_FOUND", "Integração não encontrada.")

// MsgBadIntegration is the field error of a queue, option or connection pointing at an
// integration that is not one of the company's.
const MsgBadIntegration = "Integração inválida"
