package flowrun

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/connection"
	"atende/pkg/contact"
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
	Settings ticket.Settings   // farewell rules of a "parar" close
	Delivery *message.Delivery // sends a step's messages once committed (nil: a task does)
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
	EntryKey       *string // a start without a message (webhook, simulator)
}

// applied is what a committed step leaves to do.
type applied struct {
	run     Run
	msgs    []message.Message
	ticket  ticket.Ticket // decorated, as the step left it
	left    string        // the status the step moved the ticket from ("" if none)
	res     Result
	wakeAt  time.Time
	message int64
	handoff *asynq.Task // the customer's message to the node's Typebot or AI, kept in taskoutbox
}

// Applied is a step written in the caller's transaction (StepIn), to Finish once committed.
type Applied struct{ d *applied }

// Messages are the step's outgoing messages, in sending order.
func (a Applied) Messages() []message.Message { return a.d.msgs }

// Ticket is the step's ticket as the step left it, and the status it moved it from ("":
// none).
func (a Applied) Ticket() (ticket.Ticket, string) { return a.d.ticket, a.d.left }

// Given is what the caller of StepIn already holds: the ticket row, locked by its
// transaction and current, with its contact and connection. The step reads none of them.
type Given struct {
	Ticket  ticket.Ticket
	Contact contact.Contact
	Conn    connection.Connection
	Reply   string // the body of the customer's message (FlowStep.MessageID)
	// The company's name and time zone, when the caller holds them (nil Location: read).
	Company  string
	Location *time.Location
}

// Handle runs one flow:step task. A task that finds the run elsewhere (another step
// counter, another node, a closed ticket) does nothing: it is a duplicate or late.
func (e Engine) Handle(ctx context.Context, p tasks.FlowStep) error {
	ctx = tenant.With(ctx, p.CompanyID)
	var done *applied
	err := e.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		done, err = e.step(ctx, tx, p, nil)
		return err
	})
	if err != nil || done == nil {
		return err
	}
	e.after(ctx, done)
	return nil
}

// StepIn runs the step p names inside the caller's transaction (the inbound batch that
// stored the customer's message: the run's rows and replies commit with it, and no task
// hop stands between the message and its replies). nil: nothing to do. The caller
// announces the messages and the ticket, and calls Finish once committed.
func (e Engine) StepIn(ctx context.Context, tx *gorm.DB, p tasks.FlowStep, g Given) (*Applied, error) {
	done, err := e.step(tenant.With(ctx, p.CompanyID), tx, p, &g)
	if err != nil || done == nil {
		return nil, err
	}
	return &Applied{done}, nil
}

// Finish does what a committed StepIn leaves: the wake-up, the hand-off and the nodes'
// highlights, not the messages' and ticket's events nor the sends of Messages (the
// caller's: the inbound batch sends them with its other replies).
func (e Engine) Finish(ctx context.Context, a *Applied) {
	if a != nil && a.d != nil {
		e.settle(tenant.With(ctx, a.d.run.CompanyID), a.d, &realtime.Collector{})
	}
}

// step reads the ticket once (locked, decorated; or as given), prepares the run and
// applies the pure step's result.
func (e Engine) step(ctx context.Context, tx *gorm.DB, p tasks.FlowStep, g *Given) (*applied, error) {
	t, ok, err := ticketOf(ctx, tx, p, g)
	if err != nil || !ok {
		return nil, err
	}
	run, in, ok, err := e.prepare(ctx, tx, p, t, g)
	if err != nil || !ok {
		return nil, err
	}
	// A closed ticket ends its run; so does an attendant's holding it when the run resumes
	// (an interval's wake-up, a reply queued before the accept) or a webhook's start comes:
	// the bot falls silent once a person answers, as the inbound steps do (§1 step 16).
	if t.Status == ticket.StatusClosed || ((p.Entry == "" || p.Entry == EntryWebhook) && t.UserID != nil && t.Status == ticket.StatusOpen) {
		return nil, ticket.StopFlowRun(tx, run.ID)
	}
	if g != nil && g.Location != nil {
		in.Values = ticket.VariablesIn(t, g.Company, g.Location)
	} else if in.Values, err = ticket.Variables(ctx, tx, t); err != nil {
		return nil, err
	}
	res := Step(in)
	if !res.Changed && res.Handoff == nil {
		return nil, nil
	}
	return e.apply(ctx, tx, run, t, res, in.Values, p.MessageID)
}

// ticketOf is the step's ticket with what its variables need: the given one (its
// queue and attendant read only when it has them), or the row locked then decorated.
func ticketOf(ctx context.Context, tx *gorm.DB, p tasks.FlowStep, g *Given) (ticket.Ticket, bool, error) {
	if g != nil {
		t, c := g.Ticket, g.Contact
		t.Contact = &c
		t.Whatsapp = &ticket.ConnectionRef{ID: g.Conn.ID, Name: g.Conn.Name, Channel: g.Conn.Channel,
			GroupAsTicket: g.Conn.GroupAsTicket}
		if t.QueueID != nil || t.UserID != nil {
			if err := ticket.DecorateAcross(ctx, tx, []*ticket.Ticket{&t}); err != nil {
				return t, false, err
			}
		}
		return t, true, nil
	}
	var t ticket.Ticket
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ? AND company_id = ?", p.TicketID, p.CompanyID).
		First(&t).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return t, false, nil
		}
		return t, false, err
	}
	list := []ticket.Ticket{t}
	if err := ticket.Decorate(ctx, tx, list); err != nil {
		return t, false, err
	}
	return list[0], true, nil
}

// prepare starts a run (an entry) or loads the run the task resumes, checking the guard.
func (e Engine) prepare(ctx context.Context, tx *gorm.DB, p tasks.FlowStep, t ticket.Ticket, given *Given) (Run, Input, bool, error) {
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
		body, err := replyOf(tx, p, given)
		if err != nil {
			return run, in, false, err
		}
		in.HasReply, in.Reply = true, body
	} else if run.Waiting != WaitInterval || run.NodeID != p.NodeID {
		return run, in, false, nil
	}
	return run, in, true, nil
}

// replyOf is the customer's message the step answers: given, or read.
func replyOf(tx *gorm.DB, p tasks.FlowStep, g *Given) (string, error) {
	if g != nil {
		return g.Reply, nil
	}
	var body string
	err := tx.Raw(`SELECT body FROM messages WHERE id = ? AND ticket_id = ?`, p.MessageID, p.TicketID).Scan(&body).Error
	return body, err
}

// begin starts a run of p.FlowID on the ticket, ending the ticket's active run (a phrase
// restarts the flow state). An entry already started by the same message starts nothing.
func (e Engine) begin(tx *gorm.DB, p tasks.FlowStep, t ticket.Ticket) (Run, Input, bool, error) {
	g, ok, err := loadGraph(tx, p.CompanyID, p.FlowID, p.Entry == EntrySimulate)
	if err != nil || !ok || t.Status == ticket.StatusClosed {
		return Run{}, Input{}, false, err
	}
	// A start delivered again (at-least-once tasks) must not stop the run it started: a
	// message's start is known by its message, another by its entry key.
	var entryMsg *int64
	var entryKey *string
	if p.MessageID != 0 {
		entryMsg = &p.MessageID
	} else if p.EntryKey != "" {
		entryKey = &p.EntryKey
	}
	if entryMsg != nil || entryKey != nil {
		var started bool
		if err := tx.Raw(`SELECT EXISTS (SELECT 1 FROM flow_runs WHERE entry_message_id = ? OR entry_key = ?)`,
			entryMsg, entryKey).Scan(&started).Error; err != nil || started {
			return Run{}, Input{}, false, err
		}
	}
	if err := ticket.StopFlowRuns(tx, t.ID); err != nil {
		return Run{}, Input{}, false, err
	}
	var run Run
	res := tx.Raw(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, status, entry, entry_message_id, entry_key)
		VALUES (?, ?, ?, 'running', ?, ?, ?) ON CONFLICT DO NOTHING
		RETURNING *`, p.CompanyID, t.ID, p.FlowID, p.Entry, entryMsg, entryKey).Scan(&run)
	if res.Error != nil || run.ID == 0 {
		return run, Input{}, false, res.Error
	}
	run.Status = StatusRunning
	payload := p.Vars // a webhook's payload fields
	if payload == nil {
		payload = map[string]string{}
	}
	return run, Input{Graph: g, Start: true, State: State{Vars: payload, Status: StatusRunning}}, true, nil
}

// Entries the engine treats apart: the simulator's runs a flow even while it is inactive;
// a webhook's keeps out of a ticket an attendant took meanwhile, as a resumed run does.
const (
	EntrySimulate = "simulate"
	EntryWebhook  = "webhook"
)

func (r Run) state() State {
	v := map[string]string{}
	_ = json.Unmarshal(r.Variables, &v)
	return State{NodeID: r.NodeID, Vars: v, Status: r.Status, Waiting: r.Waiting, Element: r.Element}
}

// EndWait ends the ticket's run that waits on an outside bot (WaitAI, WaitTypebot) once that
// bot hands the ticket on, or once the plan no longer allows that bot: the customer's next
// message is not the bot's any more.
func EndWait(tx *gorm.DB, ticketID int64, waiting string) error {
	return ticket.EndFlowRuns(tx, "status = ?, waiting = '', updated_at = now()",
		"r.ticket_id = ? AND r.status = ? AND r.waiting = ?", StatusDone, ticketID, StatusWaiting, waiting)
}
