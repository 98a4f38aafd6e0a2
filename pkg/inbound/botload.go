package inbound

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/chatbot"
	atdb "atende/pkg/db"
	"atende/pkg/ticket"
)

// botState is what the bot reads for a batch, loaded once: each company's configuration
// and the per-ticket marks it needs. The turns keep it current as they apply outcomes.
type botState struct {
	envs      map[int64]*chatbot.Env // by company
	chatbotAt map[int64]*time.Time   // by ticket: when the episode's bot started
	sentToday map[int64][]string     // by ticket: the bot's texts today (vacation days only)
	runs      map[int64]*chatbot.Run // by ticket: its active flow run (handoff_load.go)
	returning map[int64]bool         // by ticket: its contact had a ticket on the connection before
}

// loadBot reads the batch's bot configuration (botcache.go: checked in one query, read
// again only where it changed), the settings from their cache; then, only when some turn
// needs them, the online attendants, the silence windows, queue waits, users' names and
// the day's vacation texts.
func (p Processor) loadBot(ctx context.Context, tx *gorm.DB, turns []*arrival) (*botState, error) {
	st := &botState{envs: map[int64]*chatbot.Env{}, chatbotAt: map[int64]*time.Time{}, sentToday: map[int64][]string{}}
	var companies atdb.Int64s
	for _, a := range turns {
		if !slices.Contains(companies, a.CompanyID) {
			companies = append(companies, a.CompanyID)
		}
	}
	if err := p.loadConfig(ctx, tx, companies, st); err != nil {
		return nil, err
	}
	var windowed atdb.Int64s          // tickets whose connection has a silence window
	vacation := map[int64]time.Time{} // tickets whose connection has a vacation set: the start of their day
	users := map[int64]bool{}
	for _, a := range turns {
		if a.conn.TimeUseBotQueues != 0 {
			windowed = append(windowed, a.ticket.ID)
		}
		if env := st.envs[a.CompanyID]; env != nil && a.conn.CollectiveVacationMessage != "" && a.conn.CollectiveVacationStart != nil {
			y, m, d := a.conn.Now(time.Now()).In(env.Company.Location).Date()
			vacation[a.ticket.ID] = time.Date(y, m, d, 0, 0, 0, 0, env.Company.Location).Add(-time.Duration(a.conn.ClockOffset) * time.Second)
		}
		// An attendant's name goes into the bot's texts ({{userName}}) on tickets the bot may
		// still speak on: not those an attendant is serving (open), but for a vacation.
		if _, onVacation := vacation[a.ticket.ID]; a.ticket.UserID != nil && (a.ticket.Status != ticket.StatusOpen || onVacation) {
			users[*a.ticket.UserID] = true
		}
	}
	if err := st.loadWindows(tx, windowed); err != nil {
		return nil, err
	}
	if err := st.loadSentToday(tx, vacation); err != nil {
		return nil, err
	}
	if err := st.loadHandoffState(tx, turns); err != nil {
		return nil, err
	}
	if err := st.loadWaiting(tx, companies); err != nil {
		return nil, err
	}
	return st, st.loadNames(tx, users)
}

// loadWindows reads when the bot started on each ticket's current episode.
func (st *botState) loadWindows(tx *gorm.DB, tickets atdb.Int64s) error {
	if len(tickets) == 0 {
		return nil
	}
	var rows []struct {
		TicketID  int64
		ChatbotAt time.Time
	}
	if err := tx.Raw(`SELECT ticket_id, chatbot_at FROM ticket_trackings WHERE ticket_id = ANY(?::bigint[])
		AND finished_at IS NULL AND chatbot_at IS NOT NULL`, tickets).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		st.chatbotAt[r.TicketID] = &r.ChatbotAt
	}
	return nil
}

// loadSentToday reads the system's texts of the day (in the company's zone, on the
// connection's clock) on tickets whose connection has a vacation set.
func (st *botState) loadSentToday(tx *gorm.DB, days map[int64]time.Time) error {
	if len(days) == 0 {
		return nil
	}
	var tickets atdb.Int64s
	for id := range days {
		tickets = append(tickets, id)
	}
	var rows []struct {
		TicketID  int64
		Body      string
		CreatedAt time.Time
	}
	if err := tx.Raw(`SELECT ticket_id, body, created_at FROM messages WHERE ticket_id = ANY(?::bigint[]) AND from_me
		AND user_id IS NULL AND created_at > now() - interval '2 days' AND body LIKE ?`, tickets, Echo+"%").Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		if !r.CreatedAt.Before(days[r.TicketID]) {
			st.sentToday[r.TicketID] = append(st.sentToday[r.TicketID], r.Body[len(Echo):])
		}
	}
	return nil
}

// loadWaiting counts, for companies that tell customers their place, the unassigned
// pending tickets of each queue.
func (st *botState) loadWaiting(tx *gorm.DB, companies atdb.Int64s) error {
	var asking atdb.Int64s
	for _, id := range companies {
		if env := st.envs[id]; env != nil && env.Settings.On("sendQueuePosition") {
			asking = append(asking, id)
		}
	}
	if len(asking) == 0 {
		return nil
	}
	var rows []struct {
		CompanyID, QueueID int64
		N                  int
	}
	if err := tx.Raw(`SELECT company_id, queue_id, count(*) AS n FROM tickets WHERE company_id = ANY(?::bigint[])
		AND status = 'pending' AND queue_id IS NOT NULL AND user_id IS NULL AND NOT is_group GROUP BY company_id, queue_id`,
		asking).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		st.envs[r.CompanyID].Waiting[r.QueueID] = r.N
	}
	return nil
}

// loadNames reads the names the bot may mention ({{userName}}): attendants of the turns'
// tickets and of the options that assign one.
func (st *botState) loadNames(tx *gorm.DB, users map[int64]bool) error {
	var ids atdb.Int64s
	for id := range users {
		ids = append(ids, id)
	}
	for _, env := range st.envs {
		for id, name := range env.Users {
			if name == "" {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var rows []struct {
		ID        int64
		CompanyID int64
		Name      string
	}
	if err := tx.Raw(`SELECT id, company_id, name FROM users WHERE id = ANY(?::bigint[])`, ids).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		if env := st.envs[r.CompanyID]; env != nil {
			env.Users[r.ID] = r.Name
		}
	}
	return nil
}
