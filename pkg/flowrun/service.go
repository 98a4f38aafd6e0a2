package flowrun

import (
	"context"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/contact"
	atdb "atende/pkg/db"
	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// Errors of the flow run endpoints.
var (
	ErrFlowNotFound = errs.New(http.StatusNotFound, "ERR_FLOW_NOT_FOUND", "Fluxo não encontrado.")
	ErrBadRange     = errs.New(http.StatusBadRequest, "ERR_INVALID_DATE_RANGE", "Período inválido.")
	// ErrSimulationBusy: the pretend customer's ticket is with an attendant or waits for a
	// rating or a privacy answer, so the customer's replies would not reach a flow started there.
	ErrSimulationBusy = errs.New(http.StatusConflict, "ERR_SIMULATION_TICKET_BUSY",
		"O ticket deste cliente de teste está em atendimento, em avaliação ou aguardando a resposta da LGPD: encerre-o ou use outro número.")
)

// Service answers the flow editor: node analytics and the simulator's runs.
type Service struct {
	DB    *gorm.DB
	Queue tasks.Enqueuer
	Conns connection.Store
}

// NodeStats are a node's counts over a range.
type NodeStats struct {
	Entered int64 `json:"entered"`
	Stopped int64 `json:"stopped"`
}

// Stats are a flow's counts: runs that entered and stopped at each node, and that left by
// each edge (keyed by the edge id, or "source>handle>target" for edges without one).
type Stats struct {
	Nodes map[string]NodeStats `json:"nodes"`
	Edges map[string]int64     `json:"edges"`
}

// MaxRange bounds a stats range.
const MaxRange = 366 * 24 * time.Hour

// Stats sums flow flowID's node events between the days from and to (YYYY-MM-DD, in the
// company's time zone, both included; empty: the last 30 days).
func (s Service) Stats(ctx context.Context, flowID int64, from, to string) (Stats, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Stats{}, err
	}
	db := s.DB.WithContext(ctx)
	var zone string
	if err := db.Raw(`SELECT timezone FROM companies WHERE id = ?`, companyID).Scan(&zone).Error; err != nil {
		return Stats{}, err
	}
	start, end, err := dayRange(from, to, zone)
	if err != nil {
		return Stats{}, err
	}
	if err := s.own(db, companyID, flowID); err != nil {
		return Stats{}, err
	}
	var rows []struct {
		NodeID, Kind, Handle, Target, EdgeID string
		N                                    int64
	}
	// Runs, not visits: a run that loops back through a menu counts once there.
	if err := db.Raw(`SELECT node_id, kind, handle, target, edge_id, count(DISTINCT run_id) AS n FROM flow_node_events
		WHERE company_id = ? AND flow_id = ? AND at >= ? AND at < ? GROUP BY 1, 2, 3, 4, 5`,
		companyID, flowID, start, end).Scan(&rows).Error; err != nil {
		return Stats{}, err
	}
	out := Stats{Nodes: map[string]NodeStats{}, Edges: map[string]int64{}}
	for _, r := range rows {
		n := out.Nodes[r.NodeID]
		switch r.Kind {
		case "enter":
			n.Entered += r.N
		case "stop":
			n.Stopped += r.N
		case "leave":
			key := r.EdgeID
			if key == "" {
				key = r.NodeID + ">" + r.Handle + ">" + r.Target
			}
			out.Edges[key] += r.N
		}
		out.Nodes[r.NodeID] = n
	}
	return out, nil
}

func (s Service) own(db *gorm.DB, companyID, flowID int64) error {
	var n int64
	if err := db.Raw(`SELECT count(*) FROM flows WHERE id = ? AND company_id = ?`, flowID, companyID).Scan(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return ErrFlowNotFound
	}
	return nil
}

// dayRange reads [from, to] as whole days in zone.
func dayRange(from, to, zone string) (time.Time, time.Time, error) {
	loc := hours.ZoneOr(zone)
	today := time.Now().In(loc)
	day := func(s string, def time.Time) (time.Time, error) {
		if strings.TrimSpace(s) == "" {
			return time.Date(def.Year(), def.Month(), def.Day(), 0, 0, 0, 0, loc), nil
		}
		if len(s) > 10 {
			s = s[:10]
		}
		return time.ParseInLocation("2006-01-02", s, loc)
	}
	start, err1 := day(from, today.AddDate(0, 0, -29))
	last, err2 := day(to, today)
	end := last.AddDate(0, 0, 1)
	if err1 != nil || err2 != nil || !end.After(start) || end.Sub(start) > MaxRange {
		return start, end, ErrBadRange
	}
	return start, end, nil
}

// SimulatorNumber is the pretend customer of a simulation when none is given.
const SimulatorNumber = "5500000000001"

// Simulation is what POST /flowbuilder/{id}/simulate answers.
type Simulation struct {
	TicketID int64  `json:"ticketId"`
	Number   string `json:"number"`
}

// Simulate starts flow flowID for a pretend customer of sandbox connection connID: the
// contact and its ticket are found or created as an inbound message would, then a run of
// the flow starts (even an inactive flow: it is being tried).
func (s Service) Simulate(ctx context.Context, flowID, connID int64, number string) (Simulation, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Simulation{}, err
	}
	conn, err := s.Conns.Get(ctx, connID)
	if err != nil {
		return Simulation{}, err
	}
	if conn.Channel != connection.ChannelSandbox {
		return Simulation{}, connection.ErrNotSandbox
	}
	if number == "" {
		number = SimulatorNumber
	}
	if len(number) < 8 || len(number) > 20 {
		v := errs.Validation{}
		v.Add("number", "Informe um número com 8 a 20 dígitos.")
		return Simulation{}, v.Err()
	}
	var t ticket.Ticket
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.own(tx, companyID, flowID); err != nil {
			return err
		}
		c, err := contact.Upsert(ctx, tx, contact.Inbound{Number: number, Name: "Simulador", Channel: conn.Channel,
			ConnectionID: conn.ID})
		if err != nil {
			return err
		}
		t, _, err = ticket.ReopenOrCreate(ctx, tx, c, conn, false)
		if err == nil && (t.Status == ticket.StatusNPS || t.Status == ticket.StatusLGPD || (t.Status == ticket.StatusOpen && t.UserID != nil)) {
			return ErrSimulationBusy
		}
		return err
	})
	if err != nil {
		return Simulation{}, err
	}
	task, err := tasks.NewFlowStep(tasks.FlowStep{CompanyID: companyID, TicketID: t.ID, FlowID: flowID, Entry: EntrySimulate,
		EntryKey: tasks.NewEntryKey()})
	if err == nil {
		err = tasks.Enqueue(ctx, s.Queue, task)
	}
	return Simulation{TicketID: t.ID, Number: number}, err
}

// EventsKept is how long a run's node events are kept: a range of the analytics reaches at
// most a year back (Stats), so older ones are never read.
const EventsKept = 400 * 24 * time.Hour

// PruneEvents deletes the node events older than EventsKept before now, oldest first.
func PruneEvents(ctx context.Context, db *gorm.DB, now time.Time) (int64, error) {
	return atdb.PruneOlder(ctx, db, "flow_node_events", "at", now.Add(-EventsKept))
}
