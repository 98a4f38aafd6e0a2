package inbound

import (
	"gorm.io/gorm"

	"atende/pkg/chatbot"
	atdb "atende/pkg/db"
	"atende/pkg/flowrun"
)

// The hand-off configuration of issue 14 rides on the bot cache (botcache.go): its one
// configuration query gains the companies' queue integrations, active phrase campaigns and
// whether they have flows (their changes bump the company's version, migration 00047), so a company without any pays
// nothing more and the batch loads flow runs only for companies that can have them.

// handoffColumns are configQuery's hand-off columns.
const handoffColumns = `
  (SELECT json_agg(json_build_object('co', i.company_id, 'id', i.id, 'type', i.type, 'projectName', i.project_name))
    FROM queue_integrations i WHERE i.company_id = ANY(?::bigint[])) AS integrations,
  (SELECT json_agg(json_build_object('co', f.company_id, 'flowId', f.flow_id, 'connectionId', f.connection_id,
      'phrase', f.phrase, 'matchType', f.match_type) ORDER BY f.id)
    FROM flow_campaigns f WHERE f.company_id = ANY(?::bigint[]) AND f.status AND f.connection_id IS NOT NULL) AS phrases,
  (SELECT json_agg(w.company_id) FROM (SELECT DISTINCT company_id FROM flows WHERE company_id = ANY(?::bigint[])) w) AS flows,
  (SELECT json_agg(json_build_object('co', f.company_id, 'id', f.id))
    FROM flows f WHERE f.company_id = ANY(?::bigint[]) AND NOT f.active) AS inactive_flows`

// HandoffRows are those columns as read (exported: gorm scans embedded exported types only).
type HandoffRows struct {
	Integrations jsonList[struct {
		Company     int64  `json:"co"`
		ID          int64  `json:"id"`
		Type        string `json:"type"`
		ProjectName string `json:"projectName"`
	}]
	Phrases jsonList[struct {
		Company      int64  `json:"co"`
		FlowID       int64  `json:"flowId"`
		ConnectionID int64  `json:"connectionId"`
		Phrase       string `json:"phrase"`
		MatchType    string `json:"matchType"`
	}]
	Flows         jsonList[int64]
	InactiveFlows jsonList[struct {
		Company int64 `json:"co"`
		ID      int64 `json:"id"`
	}]
}

// apply gives each company that has flows or integrations its Handoffs.
func (r HandoffRows) apply(byCompany map[int64]*companyConfig) {
	of := func(id int64) *chatbot.Handoffs {
		e := byCompany[id]
		if e == nil {
			return nil
		}
		if e.handoffs == nil {
			e.handoffs = &chatbot.Handoffs{Integrations: map[int64]chatbot.Integration{}}
		}
		return e.handoffs
	}
	for _, i := range r.Integrations {
		if h := of(i.Company); h != nil {
			in := chatbot.Integration{ID: i.ID, Type: i.Type}
			if i.Type == chatbot.IntegrationFlowbuilder {
				in.FlowID = chatbot.FlowID(i.ProjectName)
			}
			h.Integrations[i.ID] = in
		}
	}
	for _, p := range r.Phrases {
		if h := of(p.Company); h != nil {
			h.Phrases = append(h.Phrases, chatbot.Phrase{FlowID: p.FlowID, ConnectionID: p.ConnectionID, Phrase: p.Phrase,
				MatchType: p.MatchType})
		}
	}
	for _, id := range r.Flows {
		if h := of(id); h != nil {
			h.HasFlows = true
		}
	}
	for _, f := range r.InactiveFlows {
		if h := of(f.Company); h != nil {
			if h.Inactive == nil {
				h.Inactive = map[int64]bool{}
			}
			h.Inactive[f.ID] = true
		}
	}
}

// loadHandoffState reads, for the batch's tickets of companies with flows, their active
// runs (one query), and for tickets the batch opened on connections with a welcome or
// "no phrase" flow, whether the contact had a ticket there before (one query).
func (st *botState) loadHandoffState(tx *gorm.DB, arrivals []*arrival) error {
	st.runs, st.returning = map[int64]*chatbot.Run{}, map[int64]bool{}
	var tickets, contacts, conns, opened atdb.Int64s
	created := map[int64]bool{} // a.created marks only the opening message of a ticket
	for _, a := range arrivals {
		created[a.ticket.ID] = created[a.ticket.ID] || a.created
	}
	for _, a := range arrivals {
		env := st.envs[a.CompanyID]
		if env == nil || env.Handoffs == nil {
			continue
		}
		if env.Handoffs.HasFlows {
			tickets = append(tickets, a.ticket.ID)
		}
		if !created[a.ticket.ID] {
			st.returning[a.ticket.ID] = true
		} else if a.created && (a.conn.FlowIDWelcome != nil || a.conn.FlowIDNotPhrase != nil) {
			contacts, conns, opened = append(contacts, a.contact.ID), append(conns, a.conn.ID), append(opened, a.ticket.ID)
		}
	}
	if len(tickets) > 0 {
		var rows []struct {
			TicketID, ID int64
			Step         int
			Waiting      string
		}
		if err := tx.Raw(`SELECT ticket_id, id, step, waiting FROM flow_runs WHERE ticket_id = ANY(?::bigint[])
			AND status IN ('running','waiting')`, tickets).Find(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			st.runs[r.TicketID] = &chatbot.Run{ID: r.ID, Step: r.Step, OnAI: r.Waiting == flowrun.WaitAI,
				Relays: r.Waiting == flowrun.WaitAI || r.Waiting == flowrun.WaitTypebot}
		}
	}
	if len(opened) == 0 {
		return nil
	}
	var seen []struct{ ContactID, ConnectionID int64 }
	if err := tx.Raw(`SELECT DISTINCT contact_id, connection_id FROM tickets WHERE contact_id = ANY(?::bigint[])
		AND connection_id = ANY(?::bigint[]) AND id <> ALL(?::bigint[])`, contacts, conns, opened).Find(&seen).Error; err != nil {
		return err
	}
	before := map[[2]int64]bool{}
	for _, s := range seen {
		before[[2]int64{s.ContactID, s.ConnectionID}] = true
	}
	for _, a := range arrivals {
		if before[[2]int64{a.contact.ID, a.conn.ID}] {
			st.returning[a.ticket.ID] = true
		}
	}
	return nil
}
