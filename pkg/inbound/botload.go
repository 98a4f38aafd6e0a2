package inbound

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/chatbot"
	atdb "atende/pkg/db"
	"atende/pkg/hours"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// botState is what the bot reads for a batch, loaded once: each company's configuration
// and the per-ticket marks it needs. The turns keep it current as they apply outcomes.
type botState struct {
	envs      map[int64]*chatbot.Env // by company
	chatbotAt map[int64]*time.Time   // by ticket: when the episode's bot started
	sentToday map[int64][]string     // by ticket: the bot's texts today (vacation days only)
}

// loadBot reads the batch's bot configuration: one query for every company's queues,
// option trees, connection links, file lists and online attendants; the settings from
// their cache; then, only when some turn needs them, the silence windows, queue waits,
// users' names and the day's vacation texts.
func (p Processor) loadBot(ctx context.Context, tx *gorm.DB, turns []*arrival) (*botState, error) {
	st := &botState{envs: map[int64]*chatbot.Env{}, chatbotAt: map[int64]*time.Time{}, sentToday: map[int64][]string{}}
	var companies atdb.Int64s
	for _, a := range turns {
		if !slices.Contains(companies, a.CompanyID) {
			companies = append(companies, a.CompanyID)
		}
	}
	var conns atdb.Int64s
	for _, a := range turns {
		if !slices.Contains(conns, a.conn.ID) {
			conns = append(conns, a.conn.ID)
		}
	}
	if err := p.loadConfig(ctx, tx, companies, conns, st); err != nil {
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
	if err := st.loadWaiting(tx, companies); err != nil {
		return nil, err
	}
	return st, st.loadNames(tx, users)
}

// config is the batch's bot configuration as the query returns it: every item names its
// company (co).
type config struct {
	Companies jsonList[struct {
		ID        int64           `json:"co"`
		Name      string          `json:"name"`
		Timezone  string          `json:"timezone"`
		Schedules hours.Schedules `json:"schedules"`
	}]
	Queues jsonList[struct {
		Company       int64           `json:"co"`
		ID            int64           `json:"id"`
		Name          string          `json:"name"`
		Greeting      string          `json:"greeting"`
		OutOfHours    string          `json:"outOfHours"`
		CloseTicket   bool            `json:"closeTicket"`
		Schedules     hours.Schedules `json:"schedules"`
		IntegrationID *int64          `json:"integrationId"`
		FileListID    *int64          `json:"fileListId"`
	}]
	Options jsonList[struct {
		Company          int64  `json:"co"`
		ID               int64  `json:"id"`
		QueueID          int64  `json:"queueId"`
		ParentID         *int64 `json:"parentId"`
		Name             string `json:"name"`
		Greeting         string `json:"greeting"`
		Type             string `json:"type"`
		CloseTicket      bool   `json:"closeTicket"`
		OptQueueID       *int64 `json:"optQueueId"`
		OptUserID        *int64 `json:"optUserId"`
		OptIntegrationID *int64 `json:"optIntegrationId"`
		OptFileID        *int64 `json:"optFileId"`
	}]
	Links jsonList[struct {
		Company int64 `json:"co"`
		Conn    int64 `json:"c"`
		Queue   int64 `json:"q"`
	}]
	Files jsonList[struct {
		Company   int64  `json:"co"`
		List      int64  `json:"list"`
		Name      string `json:"name"`
		Path      string `json:"path"`
		MediaType string `json:"mediaType"`
	}]
	Online jsonList[struct {
		Company int64  `json:"co"`
		Queue   int64  `json:"q"`
		ID      int64  `json:"id"`
		Name    string `json:"name"`
	}]
}

// jsonList scans a json array column.
type jsonList[T any] []T

// Value is never written; it marks the type as a column for gorm.
func (l jsonList[T]) Value() (driver.Value, error) { return json.Marshal(l) }

// Scan reads the column.
func (l *jsonList[T]) Scan(v any) error {
	var b []byte
	switch t := v.(type) {
	case nil:
		return nil
	case []byte:
		b = t
	case string:
		b = []byte(t)
	}
	return json.Unmarshal(b, l)
}

// configQuery reads the batch's companies (name, zone, hours), their queues, option trees
// (by id), the batch's connections' queues (in orderQueue order, as the queue lists show
// them), the files of the lists their queues and options send, and the online members of
// their queues: one statement of six index scans, however many companies the batch holds.
const configQuery = `WITH q AS (SELECT * FROM queues WHERE company_id = ANY(?::bigint[]))
SELECT
  (SELECT json_agg(json_build_object('co', c.id, 'name', c.name, 'timezone', c.timezone, 'schedules', c.schedules))
    FROM companies c WHERE c.id = ANY(?::bigint[])) AS companies,
  (SELECT json_agg(json_build_object('co', q.company_id, 'id', q.id, 'name', q.name, 'greeting', q.greeting_message,
      'outOfHours', q.out_of_hours_message, 'closeTicket', q.close_ticket, 'schedules', q.schedules,
      'integrationId', q.integration_id, 'fileListId', q.file_list_id)) FROM q) AS queues,
  (SELECT json_agg(json_build_object('co', o.company_id, 'id', o.id, 'queueId', o.queue_id, 'parentId', o.parent_id,
      'name', o.name, 'greeting', o.greeting_message, 'type', o.queue_type, 'closeTicket', o.close_ticket,
      'optQueueId', o.opt_queue_id, 'optUserId', o.opt_user_id, 'optIntegrationId', o.opt_integration_id,
      'optFileId', o.opt_file_id) ORDER BY o.id)
    FROM chatbots o WHERE o.queue_id IN (SELECT id FROM q)) AS options,
  (SELECT json_agg(json_build_object('co', l.company_id, 'c', l.connection_id, 'q', l.queue_id) ORDER BY q.order_queue, q.name)
    FROM connection_queues l JOIN q ON q.id = l.queue_id WHERE l.connection_id = ANY(?::bigint[])) AS links,
  (SELECT json_agg(json_build_object('co', f.company_id, 'list', f.file_id, 'name', f.name, 'path', f.path,
      'mediaType', f.media_type) ORDER BY f.id)
    FROM file_options f WHERE f.file_id IN (SELECT file_list_id FROM q
      UNION SELECT opt_file_id FROM chatbots WHERE queue_id IN (SELECT id FROM q))) AS files,
  (SELECT json_agg(json_build_object('co', uq.company_id, 'q', uq.queue_id, 'id', u.id, 'name', u.name) ORDER BY u.id)
    FROM user_queues uq JOIN users u ON u.id = uq.user_id WHERE uq.queue_id IN (SELECT id FROM q) AND u.online) AS online`

func (p Processor) loadConfig(ctx context.Context, tx *gorm.DB, companies, conns atdb.Int64s, st *botState) error {
	var c config
	if err := tx.Raw(configQuery, companies, companies, conns).Find(&c).Error; err != nil {
		return err
	}
	for _, co := range c.Companies {
		env := &chatbot.Env{Company: chatbot.Company{Name: co.Name, Location: location(co.Timezone), Schedules: co.Schedules},
			Settings: chatbot.Settings{}, Queues: map[int64]*chatbot.Queue{}, Links: map[int64][]int64{},
			Files: map[int64]*chatbot.FileList{}, Online: map[int64][]chatbot.Attendant{}, Waiting: map[int64]int{},
			Users: map[int64]string{}}
		if p.Settings != nil {
			cctx := tenant.With(ctx, co.ID)
			for _, k := range chatbot.Keys {
				env.Settings[k] = p.Settings.Value(cctx, k)
			}
		}
		st.envs[co.ID] = env
	}
	for _, q := range c.Queues {
		if env := st.envs[q.Company]; env != nil {
			env.Queues[q.ID] = &chatbot.Queue{ID: q.ID, Name: q.Name, Greeting: q.Greeting, OutOfHours: q.OutOfHours,
				CloseTicket: q.CloseTicket, Schedules: q.Schedules, IntegrationID: q.IntegrationID, FileListID: q.FileListID}
		}
	}
	byID := map[int64]*chatbot.Option{}
	for _, o := range c.Options { // by id: a parent comes before its children
		byID[o.ID] = &chatbot.Option{ID: o.ID, QueueID: o.QueueID, ParentID: o.ParentID, Name: o.Name, Greeting: o.Greeting,
			Type: o.Type, CloseTicket: o.CloseTicket, OptQueueID: o.OptQueueID, OptUserID: o.OptUserID,
			OptIntegrationID: o.OptIntegrationID, OptFileID: o.OptFileID}
	}
	for _, o := range c.Options {
		env, opt := st.envs[o.Company], byID[o.ID]
		if env == nil {
			continue
		}
		if o.OptUserID != nil {
			env.Users[*o.OptUserID] = ""
		}
		if o.ParentID == nil {
			if q := env.Queues[o.QueueID]; q != nil {
				q.Options = append(q.Options, opt)
			}
		} else if parent := byID[*o.ParentID]; parent != nil {
			parent.Options = append(parent.Options, opt)
		}
	}
	for _, l := range c.Links {
		if env := st.envs[l.Company]; env != nil {
			env.Links[l.Conn] = append(env.Links[l.Conn], l.Queue)
		}
	}
	for _, f := range c.Files {
		env := st.envs[f.Company]
		if env == nil {
			continue
		}
		list := env.Files[f.List]
		if list == nil {
			list = &chatbot.FileList{ID: f.List}
			env.Files[f.List] = list
		}
		list.Files = append(list.Files, chatbot.File{Name: f.Name, Path: f.Path, MediaType: f.MediaType})
	}
	for _, u := range c.Online {
		if env := st.envs[u.Company]; env != nil {
			env.Online[u.Queue] = append(env.Online[u.Queue], chatbot.Attendant{ID: u.ID, Name: u.Name})
			env.Users[u.ID] = u.Name
		}
	}
	return nil
}

func location(name string) *time.Location {
	if loc, err := time.LoadLocation(name); err == nil {
		return loc
	}
	return time.UTC
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
