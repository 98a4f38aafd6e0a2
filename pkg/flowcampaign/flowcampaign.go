// Package flowcampaign holds the phrase campaigns of spec/3 (/phrase-lists): an inbound text
// on a connection that matches the phrase starts a flow. The engine (pkg/flowrun) reads
// the rows; this package keeps them.
package flowcampaign

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/validate"
)

// Campaign is one phrase campaign.
type Campaign struct {
	ID           int64     `json:"id"`
	CompanyID    int64     `json:"companyId"`
	Name         string    `json:"name"`
	FlowID       int64     `json:"flowId"`
	ConnectionID *int64    `json:"whatsappId" gorm:"column:connection_id"`
	Phrase       string    `json:"phrase"`
	MatchType    string    `json:"matchType"`
	Status       bool      `json:"status"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

func (Campaign) TableName() string { return "flow_campaigns" }

// Match types (decision 9): the whole text, or a part of it; both trimmed and
// case-insensitive.
const (
	MatchExact    = "exact"
	MatchContains = "contains"
)

// Bounds.
const (
	NameMax   = 100
	PhraseMax = 1000
	ListCap   = 1000
)

// Errors and messages.
var (
	ErrNotFound = errs.New(http.StatusNotFound, "ERR_NO_FLOW_CAMPAIGN_FOUND", "Nenhuma campanha encontrada com este ID.")
	ErrTooMany  = errs.New(http.StatusBadRequest, "ERR_FLOW_CAMPAIGN_LIMIT",
		fmt.Sprintf("Limite de %d campanhas de frase atingido. Exclua uma para criar outra.", ListCap))
)

const (
	MsgBadFlow       = "Escolha um fluxo desta empresa."
	MsgBadConnection = "Selecione uma Conexão desta empresa."
)

// EventCampaign is the company event of changes (company-{id}-flowcampaign).
const EventCampaign = "flowcampaign"

// Input is the dialog's form (POST, and PUT with ID).
type Input struct {
	ID         int64   `json:"id"`
	Name       *string `json:"name"`
	FlowID     *int64  `json:"flowId"`
	WhatsappID *int64  `json:"whatsappId"`
	Phrase     *string `json:"phrase"`
	MatchType  *string `json:"matchType"`
	Status     *bool   `json:"status"`
}

// apply checks the form onto c (name, flow, connection and phrase required; a field left
// out of an update is kept).
func (in Input) apply(tx *gorm.DB, c *Campaign, creating bool) error {
	v := errs.Validation{}
	if in.Name != nil || creating {
		c.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", c.Name, 1, NameMax)
	}
	if in.Phrase != nil || creating {
		c.Phrase = strings.TrimSpace(validate.Deref(in.Phrase))
		validate.Length(v, "phrase", c.Phrase, 1, PhraseMax)
	}
	if in.MatchType != nil {
		c.MatchType = *in.MatchType
	}
	validate.OneOf(v, "matchType", c.MatchType, MatchExact, MatchContains)
	if in.Status != nil {
		c.Status = *in.Status
	}
	if in.FlowID != nil || creating {
		c.FlowID = deref(in.FlowID)
		if !owned(tx, "flows", c.CompanyID, c.FlowID) {
			v.Add("flowId", MsgBadFlow)
		}
	}
	if in.WhatsappID != nil || creating {
		c.ConnectionID = in.WhatsappID
		if c.ConnectionID == nil || !owned(tx, "connections", c.CompanyID, *c.ConnectionID) {
			v.Add("whatsappId", MsgBadConnection)
		}
	}
	return v.Err()
}

func owned(tx *gorm.DB, table string, companyID, id int64) bool {
	var n int64
	if id <= 0 || tx.Table(table).Where("id = ? AND company_id = ?", id, companyID).Count(&n).Error != nil {
		return false
	}
	return n == 1
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// Service keeps the phrase campaigns of the context's company.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
}

// List is GET /flowcampaign: every campaign of the company by name (at most ListCap).
type List struct {
	Flows []Campaign `json:"flows"`
}

// Details is GET /flowcampaign/:id.
type Details struct {
	Details Campaign `json:"details"`
}

// All lists the company's campaigns.
func (s Service) All(ctx context.Context) (List, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return List{}, err
	}
	out := List{Flows: []Campaign{}}
	return out, q.Order("lower(name), id").Limit(ListCap).Find(&out.Flows).Error
}

// Get returns one campaign.
func (s Service) Get(ctx context.Context, id int64) (Campaign, error) {
	return tenant.Get[Campaign](ctx, s.DB, id, ErrNotFound)
}

// Show is Get in the dialog's shape.
func (s Service) Show(ctx context.Context, id int64) (Details, error) {
	c, err := s.Get(ctx, id)
	return Details{Details: c}, err
}

// Create adds a campaign, on by default.
func (s Service) Create(ctx context.Context, in Input) (Campaign, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Campaign{}, err
	}
	c := Campaign{CompanyID: companyID, MatchType: MatchExact, Status: true}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := in.apply(tx, &c, true); err != nil {
			return err
		}
		// At most ListCap a company (every one is listed, and every active phrase is read
		// with the bot's configuration); the company's row serializes two creates.
		var n int64
		if err := tx.Raw(`SELECT (SELECT count(*) FROM flow_campaigns WHERE company_id = c.id) FROM companies c
			WHERE c.id = ? FOR NO KEY UPDATE`, companyID).Scan(&n).Error; err != nil {
			return err
		}
		if n >= ListCap {
			return ErrTooMany
		}
		return tx.Create(&c).Error
	})
	if err != nil {
		return Campaign{}, err
	}
	s.publish(ctx, companyID, map[string]any{"action": "create", "record": c})
	return c, nil
}

// Update changes campaign in.ID.
func (s Service) Update(ctx context.Context, in Input) (Campaign, error) {
	c, err := s.Get(ctx, in.ID)
	if err != nil {
		return Campaign{}, err
	}
	db := s.DB.WithContext(ctx)
	if err := in.apply(db, &c, false); err != nil {
		return Campaign{}, err
	}
	c.UpdatedAt = time.Now()
	err = db.Model(&Campaign{}).Where("id = ? AND company_id = ?", c.ID, c.CompanyID).Select(
		"name", "flow_id", "connection_id", "phrase", "match_type", "status", "updated_at").Updates(&c).Error
	if err != nil {
		return Campaign{}, err
	}
	s.publish(ctx, c.CompanyID, map[string]any{"action": "update", "record": c})
	return c, nil
}

// Delete removes a campaign.
func (s Service) Delete(ctx context.Context, id int64) error {
	c, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("company_id = ?", c.CompanyID).Delete(&Campaign{}, c.ID).Error; err != nil {
		return err
	}
	s.publish(ctx, c.CompanyID, map[string]any{"action": "delete", "id": c.ID})
	return nil
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, EventCampaign, data))
	}
}
