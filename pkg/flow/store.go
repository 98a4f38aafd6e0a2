package flow

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/plan"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// Service keeps the flows of the context's company.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
}

// EventFlow is the company event of flow changes (company-{id}-flowbuilder); the engine
// publishes its "node" action on the same event.
const EventFlow = "flowbuilder"

// ListFilter narrows the flow list: a name search and a page (Cursor from the previous
// page, else PageNumber).
type ListFilter struct {
	Search     string
	PageNumber int
	Cursor     string
}

// Page is one page of the flow list, newest first.
type Page struct {
	Flows   []Summary `json:"flows"`
	HasMore bool      `json:"hasMore"`
	Cursor  string    `json:"cursor,omitempty"`
}

// List returns a page of flows by id, newest first: keyset by Cursor (the last id seen),
// else pageNumber; limit+1 tells hasMore.
func (s Service) List(ctx context.Context, f ListFilter) (Page, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Page{}, err
	}
	q = q.Model(&Flow{}).Select("id, name, active, updated_at").Order("id DESC")
	if search := strings.TrimSpace(f.Search); search != "" {
		q = q.Where("lower(name) LIKE ?", page.Like(strings.ToLower(search)))
	}
	p := Page{Flows: []Summary{}}
	if after, err := strconv.ParseInt(f.Cursor, 10, 64); err == nil && after > 0 {
		err = q.Where("id < ?", after).Limit(page.Size + 1).Find(&p.Flows).Error
		if err != nil {
			return Page{}, err
		}
		if p.HasMore = len(p.Flows) > page.Size; p.HasMore {
			p.Flows = p.Flows[:page.Size]
		}
	} else if p.HasMore, err = page.Find(q, f.PageNumber, page.Size, &p.Flows); err != nil {
		return Page{}, err
	}
	if n := len(p.Flows); p.HasMore && n > 0 {
		p.Cursor = strconv.FormatInt(p.Flows[n-1].ID, 10)
	}
	return p, nil
}

// Get returns one flow of the company.
func (s Service) Get(ctx context.Context, id int64) (Flow, error) {
	return tenant.Get[Flow](ctx, s.DB, id, ErrNotFound)
}

// Create adds a flow with the editor's default graph: one start node.
func (s Service) Create(ctx context.Context, userID int64, in CreateInput) (Flow, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Flow{}, err
	}
	v := errs.Validation{}
	name := checkName(v, in.Name)
	if err := v.Err(); err != nil {
		return Flow{}, err
	}
	start, _ := json.Marshal([]Node{{ID: NewNodeID(), Position: Position{X: 250, Y: 100}, Type: KindStart,
		Data: json.RawMessage(`{"label":"Inicio do fluxo"}`)}})
	f := Flow{CompanyID: companyID, Name: name, Active: true, Nodes: start, Connections: json.RawMessage(`[]`),
		WebhookFields: json.RawMessage(`{}`), UserID: nonZero(userID)}
	if err := s.DB.WithContext(ctx).Create(&f).Error; err != nil {
		return Flow{}, err
	}
	return s.announce(ctx, "create", f.ID)
}

// Update renames a flow, switches it on or off and sets its webhook field map.
func (s Service) Update(ctx context.Context, in UpdateInput) (Flow, error) {
	f, err := s.Get(ctx, in.FlowID)
	if err != nil {
		return Flow{}, err
	}
	v := errs.Validation{}
	set := map[string]any{"updated_at": time.Now()}
	if in.Name != nil {
		set["name"] = checkName(v, *in.Name)
	}
	if in.Active != nil {
		set["active"] = *in.Active
	}
	if in.WebhookFields != nil {
		in.WebhookFields.check(v)
		if id := in.WebhookFields.WhatsappID; id != nil && !s.ownsConnection(ctx, f.CompanyID, *id) {
			v.Add("webhookFields.whatsappId", MsgBadConnection)
		}
		b, _ := json.Marshal(in.WebhookFields)
		set["webhook_fields"] = gorm.Expr("?::jsonb", string(b))
	}
	if err := v.Err(); err != nil {
		return Flow{}, err
	}
	if err := s.DB.WithContext(ctx).Model(&Flow{}).Where("id = ? AND company_id = ?", f.ID, f.CompanyID).Updates(set).Error; err != nil {
		return Flow{}, err
	}
	return s.announce(ctx, "update", f.ID)
}

// Delete removes a flow, its phrase campaigns (cascade) and the connections' references
// to it as welcome or "no phrase" flow.
func (s Service) Delete(ctx context.Context, id int64) error {
	f, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, col := range []string{"flow_id_welcome", "flow_id_not_phrase"} {
			if err := tx.Table("connections").Where("company_id = ? AND "+col+" = ?", f.CompanyID, f.ID).
				Update(col, nil).Error; err != nil {
				return err
			}
		}
		return tx.Where("company_id = ?", f.CompanyID).Delete(&Flow{}, f.ID).Error
	})
	if err == nil {
		s.publish(ctx, f.CompanyID, map[string]any{"action": "delete", "id": f.ID})
	}
	return err
}

// Duplicate copies a flow with new node ids (edges follow them), a new webhook hash and
// the name marked as a copy.
func (s Service) Duplicate(ctx context.Context, userID, id int64) (Flow, error) {
	f, err := s.Get(ctx, id)
	if err != nil {
		return Flow{}, err
	}
	g, err := f.Graph()
	if err != nil {
		return Flow{}, err
	}
	g = g.WithNewIDs()
	nodes, _ := json.Marshal(g.Nodes)
	edges, _ := json.Marshal(g.Connections)
	c := Flow{CompanyID: f.CompanyID, Name: copyName(f.Name), Active: f.Active, Nodes: nodes, Connections: edges,
		WebhookFields: orEmpty(f.WebhookFields), UserID: nonZero(userID)}
	if err := s.DB.WithContext(ctx).Create(&c).Error; err != nil {
		return Flow{}, err
	}
	return s.announce(ctx, "create", c.ID)
}

// SaveGraph validates and stores a flow's graph; a refused graph writes nothing.
func (s Service) SaveGraph(ctx context.Context, id int64, g Graph) (Flow, error) {
	f, err := s.Get(ctx, id)
	if err != nil {
		return Flow{}, err
	}
	if g.Nodes == nil {
		g.Nodes = []Node{}
	}
	if g.Connections == nil {
		g.Connections = []Edge{}
	}
	queues, err := s.queues(ctx, f.CompanyID, g)
	if err != nil {
		return Flow{}, err
	}
	if err := Validate(g, func(id int64) bool { return queues[id] }); err != nil {
		return Flow{}, err
	}
	if err := s.planAllows(ctx, f.CompanyID, g); err != nil {
		return Flow{}, err
	}
	nodes, _ := json.Marshal(g.Nodes)
	edges, _ := json.Marshal(g.Connections)
	err = s.DB.WithContext(ctx).Model(&Flow{}).Where("id = ? AND company_id = ?", f.ID, f.CompanyID).
		Updates(map[string]any{"nodes": gorm.Expr("?::jsonb", string(nodes)),
			"connections": gorm.Expr("?::jsonb", string(edges)), "updated_at": time.Now()}).Error
	if err != nil {
		return Flow{}, err
	}
	return s.announce(ctx, "update", f.ID)
}

// nodePlanFlags are the plan flags a node kind needs: the engine skips an openai node
// without useOpenAi and a typebot node without useIntegrations, so a flow that holds one
// is refused on save instead of failing silently later.
var nodePlanFlags = map[string]struct{ flag, msg string }{
	KindOpenAI:  {"useOpenAi", "o plano da empresa não inclui OpenAI."},
	KindTypebot: {"useIntegrations", "o plano da empresa não inclui integrações."},
}

// planAllows refuses the graph's first node whose kind the company's plan lacks; each
// flag is asked once.
func (s Service) planAllows(ctx context.Context, companyID int64, g Graph) error {
	allowed := map[string]bool{}
	for _, n := range g.Nodes {
		need, ok := nodePlanFlags[n.Type]
		if !ok || allowed[need.flag] {
			continue
		}
		has, err := plan.CompanyHas(ctx, s.DB, companyID, need.flag)
		if err != nil {
			return err
		}
		if !has {
			return nodeError(n, "%s", need.msg)
		}
		allowed[need.flag] = true
	}
	return nil
}

// ownsConnection reports whether id is a connection of the company.
func (s Service) ownsConnection(ctx context.Context, companyID, id int64) bool {
	var n int64
	err := s.DB.WithContext(ctx).Table("connections").Where("id = ? AND company_id = ?", id, companyID).Count(&n).Error
	return err == nil && n == 1
}

// queues reads which of the queues the graph's ticket nodes name are the company's.
func (s Service) queues(ctx context.Context, companyID int64, g Graph) (map[int64]bool, error) {
	var ids []int64
	for _, n := range g.Nodes {
		if n.Type != KindTicket {
			continue
		}
		if d, err := n.Parse(); err == nil && d.QueueID > 0 {
			ids = append(ids, d.QueueID)
		}
	}
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	var own []int64
	err := s.DB.WithContext(ctx).Table("queues").Where("company_id = ? AND id IN ?", companyID, ids).Pluck("id", &own).Error
	for _, id := range own {
		out[id] = true
	}
	return out, err
}

// ByHash finds the active flow of a webhook hash, whatever its company (the hash is the
// caller's credential).
func (s Service) ByHash(ctx context.Context, hash string) (Flow, error) {
	var f Flow
	if len(hash) == 0 || len(hash) > 64 {
		return f, ErrWebhookNotFound
	}
	err := s.DB.WithContext(ctx).Where("webhook_hash = ? AND active", hash).Take(&f).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return f, ErrWebhookNotFound
	}
	return f, err
}

func (s Service) announce(ctx context.Context, action string, id int64) (Flow, error) {
	f, err := s.Get(ctx, id)
	if err == nil {
		s.publish(ctx, f.CompanyID, map[string]any{"action": action, "record": Summary{ID: f.ID, Name: f.Name,
			Active: f.Active, UpdatedAt: f.UpdatedAt}})
	}
	return f, err
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, EventFlow, data))
	}
}

// WithNewIDs returns a copy of g whose nodes have fresh ids; edges are rewritten to them
// and get fresh ids too.
func (g Graph) WithNewIDs() Graph {
	ids := make(map[string]string, len(g.Nodes))
	out := Graph{Nodes: make([]Node, len(g.Nodes)), Connections: make([]Edge, 0, len(g.Connections))}
	for i, n := range g.Nodes {
		ids[n.ID] = NewNodeID()
		n.ID = ids[n.ID]
		out.Nodes[i] = n
	}
	for _, e := range g.Connections {
		e.Source, e.Target = ids[e.Source], ids[e.Target]
		if e.ID != "" {
			e.ID = "e" + NewNodeID()
		}
		out.Connections = append(out.Connections, e)
	}
	return out
}

const idAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// NewNodeID is a random 30-character alphanumeric node id, as the editor makes them.
func NewNodeID() string {
	b := make([]byte, 30)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

// copyName marks a duplicate's name, kept within NameMax.
func copyName(name string) string {
	const suffix = " - cópia"
	r := []rune(name)
	if keep := NameMax - utf8.RuneCountInString(suffix); len(r) > keep {
		r = r[:keep]
	}
	return strings.TrimSpace(string(r)) + suffix
}

func nonZero(id int64) *int64 {
	if id <= 0 {
		return nil
	}
	return &id
}

func orEmpty(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage(`{}`)
	}
	return raw
}
