package flowrun

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/flow"
	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// Engine applies flow steps: one transaction per step, guarded by the run's step counter,
// then the sends, the next wait and the hand-offs once committed.
type Engine struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Queue    tasks.Enqueuer
	Media    message.MediaURL
	Settings ticket.Settings // farewell rules of a "parar" close
}

// Run is a stored run.
type Run struct {
	ID             int64
	CompanyID      int64
	TicketID       int64
	FlowID         int64
	NodeID         string
	Variables      json.RawMessage
	Step           int
	Status         string
	Waiting        string
	WakeAt         *time.Time
	Element        int
	Entry          string
	EntryMessageID *int64
}

// applied is what a committed step leaves to do.
type applied struct {
	run     Run
	msgs    []message.Message
	delays  []time.Duration
	ticket  ticket.Ticket
	res     Result
	wakeAt  time.Time
	message int64
}

// Handle runs one flow:step task. A task that finds the run elsewhere (another step
// counter, another node, a closed ticket) does nothing: it is a duplicate or late.
func (e Engine) Handle(ctx context.Context, p tasks.FlowStep) error {
	ctx = tenant.With(ctx, p.CompanyID)
	var done *applied
	err := e.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		done, err = e.step(ctx, tx, p)
		return err
	})
	if err != nil || done == nil {
		return err
	}
	e.after(ctx, done)
	return nil
}

func (e Engine) step(ctx context.Context, tx *gorm.DB, p tasks.FlowStep) (*applied, error) {
	var t ticket.Ticket
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ? AND company_id = ?", p.TicketID, p.CompanyID).
		First(&t).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil
		}
		return nil, err
	}
	run, in, ok, err := e.prepare(ctx, tx, p, t)
	if err != nil || !ok {
		return nil, err
	}
	if t.Status == ticket.StatusClosed {
		return nil, tx.Exec(`UPDATE flow_runs SET status = 'stopped', waiting = '', wake_at = NULL, updated_at = now()
			WHERE id = ?`, run.ID).Error
	}
	full, err := ticket.Get(ctx, tx, t.ID)
	if err != nil {
		return nil, err
	}
	if in.Values, err = ticket.Variables(ctx, tx, full); err != nil {
		return nil, err
	}
	res := Step(in)
	if !res.Changed && res.Handoff == nil {
		return nil, nil
	}
	return e.apply(ctx, tx, run, full, res, p.MessageID)
}

// prepare starts a run (an entry) or loads the run the task resumes, checking the guard.
func (e Engine) prepare(ctx context.Context, tx *gorm.DB, p tasks.FlowStep, t ticket.Ticket) (Run, Input, bool, error) {
	if p.Entry != "" {
		return e.begin(tx, p, t)
	}
	var run Run
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Table("flow_runs").
		Where("id = ? AND company_id = ? AND ticket_id = ? AND status = ? AND step = ?",
			p.RunID, p.CompanyID, p.TicketID, StatusWaiting, p.Step).Take(&run).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return run, Input{}, false, nil
	}
	if err != nil {
		return run, Input{}, false, err
	}
	g, ok, err := loadGraph(tx, p.CompanyID, run.FlowID, true)
	if err != nil || !ok {
		return run, Input{}, false, err
	}
	in := Input{Graph: g, State: run.state()}
	if p.MessageID != 0 {
		var body string
		if err := tx.Raw(`SELECT body FROM messages WHERE id = ? AND ticket_id = ?`, p.MessageID, p.TicketID).
			Scan(&body).Error; err != nil {
			return run, in, false, err
		}
		in.HasReply, in.Reply = true, body
	} else if run.Waiting != WaitInterval || run.NodeID != p.NodeID {
		return run, in, false, nil
	}
	return run, in, true, nil
}

// begin starts a run of p.FlowID on the ticket, ending the ticket's active run (a phrase
// restarts the flow state). An entry already started by the same message starts nothing.
func (e Engine) begin(tx *gorm.DB, p tasks.FlowStep, t ticket.Ticket) (Run, Input, bool, error) {
	g, ok, err := loadGraph(tx, p.CompanyID, p.FlowID, p.Entry == EntrySimulate)
	if err != nil || !ok || t.Status == ticket.StatusClosed {
		return Run{}, Input{}, false, err
	}
	if err := tx.Exec(`UPDATE flow_runs SET status = 'stopped', waiting = '', wake_at = NULL, updated_at = now()
		WHERE ticket_id = ? AND status IN ('running','waiting')`, t.ID).Error; err != nil {
		return Run{}, Input{}, false, err
	}
	var entryMsg *int64
	if p.MessageID != 0 {
		entryMsg = &p.MessageID
	}
	var run Run
	res := tx.Raw(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, status, entry, entry_message_id)
		VALUES (?, ?, ?, 'running', ?, ?) ON CONFLICT (entry_message_id) WHERE entry_message_id IS NOT NULL DO NOTHING
		RETURNING *`, p.CompanyID, t.ID, p.FlowID, p.Entry, entryMsg).Scan(&run)
	if res.Error != nil || run.ID == 0 {
		return run, Input{}, false, res.Error
	}
	run.Status = StatusRunning
	vars := p.Vars // a webhook's payload fields
	if vars == nil {
		vars = map[string]string{}
	}
	return run, Input{Graph: g, Start: true, State: State{Vars: vars, Status: StatusRunning}}, true, nil
}

// EntrySimulate is the simulator's entry: it runs a flow even while it is inactive.
const EntrySimulate = "simulate"

// loadGraph reads a flow of the company; an inactive one runs only when anyway is set.
func loadGraph(tx *gorm.DB, companyID, flowID int64, anyway bool) (flow.Graph, bool, error) {
	var row struct {
		Nodes       json.RawMessage
		Connections json.RawMessage
		Active      bool
	}
	res := tx.Raw(`SELECT nodes, connections, active FROM flows WHERE id = ? AND company_id = ?`, flowID, companyID).Scan(&row)
	if res.Error != nil || res.RowsAffected == 0 || (!row.Active && !anyway) {
		return flow.Graph{}, false, res.Error
	}
	var g flow.Graph
	if err := json.Unmarshal(row.Nodes, &g.Nodes); err != nil {
		return g, false, nil
	}
	if err := json.Unmarshal(row.Connections, &g.Connections); err != nil {
		return g, false, nil
	}
	return g, true, nil
}

func (r Run) state() State {
	v := map[string]string{}
	_ = json.Unmarshal(r.Variables, &v)
	return State{NodeID: r.NodeID, Vars: v, Status: r.Status, Waiting: r.Waiting, Element: r.Element}
}
