package flow

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"atende/pkg/errs"
)

// Flow is one row of flows. Nodes and Connections are the editor's JSON, validated on save.
type Flow struct {
	ID            int64           `json:"id"`
	CompanyID     int64           `json:"companyId"`
	Name          string          `json:"name"`
	Active        bool            `json:"active"`
	Nodes         json.RawMessage `json:"-" gorm:"type:jsonb"`
	Connections   json.RawMessage `json:"-" gorm:"type:jsonb"`
	WebhookHash   string          `json:"webhookHash" gorm:"->"` // set by the database
	WebhookFields json.RawMessage `json:"webhookFields" gorm:"type:jsonb"`
	UserID        *int64          `json:"userId"`
	CreatedAt     time.Time       `json:"createdAt"`
	UpdatedAt     time.Time       `json:"updatedAt"`
}

func (Flow) TableName() string { return "flows" }

// Graph decodes the stored nodes and connections.
func (f Flow) Graph() (Graph, error) {
	g := Graph{Nodes: []Node{}, Connections: []Edge{}}
	if len(f.Nodes) > 0 {
		if err := json.Unmarshal(f.Nodes, &g.Nodes); err != nil {
			return g, err
		}
	}
	if len(f.Connections) > 0 {
		if err := json.Unmarshal(f.Connections, &g.Connections); err != nil {
			return g, err
		}
	}
	return g, nil
}

// Summary is a row of the flow list.
type Summary struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Active    bool      `json:"active"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Errors.
var (
	ErrNotFound = errs.New(http.StatusNotFound, "ERR_FLOW_NOT_FOUND", "Nenhum fluxo encontrado com este ID.")
	// ErrWebhookNotFound answers a webhook hash that names no active flow.
	ErrWebhookNotFound = errs.New(http.StatusNotFound, "ERR_FLOW_NOT_FOUND", "Webhook não encontrado.")
)

// Name rules (spec/3 §5 "Flow name").
const (
	NameMin, NameMax = 2, 50
	MsgNameRequired  = "Digite um nome!"
	MsgNameShort     = "Muito curto!"
	MsgNameLong      = "Muito longo!"
	MsgBadConnection = "Selecione uma Conexão desta empresa."
)

// checkName trims a flow name and checks its length with the spec's messages.
func checkName(v errs.Validation, name string) string {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	switch {
	case n == 0:
		v.Add("name", MsgNameRequired)
	case n < NameMin:
		v.Add("name", MsgNameShort)
	case n > NameMax:
		v.Add("name", MsgNameLong)
	}
	return name
}

// CreateInput is POST /flowbuilder.
type CreateInput struct {
	Name string `json:"name"`
}

// UpdateInput is PUT /flowbuilder: rename, (de)activate, and the webhook's field map.
type UpdateInput struct {
	FlowID        int64          `json:"flowId"`
	Name          *string        `json:"name"`
	Active        *bool          `json:"active"`
	WebhookFields *WebhookFields `json:"webhookFields"`
}

// WebhookFields maps a webhook's payload to the contact (dotted paths into the JSON) and
// names the connection the ticket opens on.
type WebhookFields struct {
	Name       string `json:"name"`
	Number     string `json:"number"`
	Email      string `json:"email"`
	WhatsappID *int64 `json:"whatsappId"`
}

// MaxPath bounds a webhook field path.
const MaxPath = 200

func (w WebhookFields) check(v errs.Validation) {
	for field, p := range map[string]string{"name": w.Name, "number": w.Number, "email": w.Email} {
		if len(p) > MaxPath {
			v.Add("webhookFields."+field, MsgNameLong)
		}
	}
}
