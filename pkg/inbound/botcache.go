package inbound

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"slices"
	"strconv"
	"sync"

	"gorm.io/gorm"

	"atende/pkg/chatbot"
	atdb "atende/pkg/db"
	"atende/pkg/hours"
	"atende/pkg/tenant"
)

// BotCache keeps each company's bot configuration in memory: its hours and time zone, its
// queues with their option trees and hours, its connections' queues and the file lists they
// send. Every batch checks what it holds against the company's configuration version
// (stamps), which triggers bump on any change, and reads again only the companies whose
// rows changed, so a change made by anyone, even by hand, is seen by the next message.
type BotCache struct {
	mu      sync.Mutex
	entries map[int64]*companyConfig
}

// NewBotCache returns an empty cache.
func NewBotCache() *BotCache { return &BotCache{entries: map[int64]*companyConfig{}} }

// maxCompanies bounds the cache; past it, it starts again empty.
const maxCompanies = 20000

func (c *BotCache) get(id int64, stamp string) *companyConfig {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[id]; e != nil && e.stamp == stamp {
		return e
	}
	return nil
}

func (c *BotCache) put(e *companyConfig) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= maxCompanies {
		clear(c.entries)
	}
	c.entries[e.id] = e
}

// companyConfig is one company's configuration, read-only once built (batches share it).
type companyConfig struct {
	id       int64
	stamp    string
	company  chatbot.Company
	queues   map[int64]*chatbot.Queue
	links    map[int64][]int64
	files    map[int64]*chatbot.FileList
	optUsers []int64 // attendants the options assign, whose names the texts may mention
	handoffs *chatbot.Handoffs
}

// stamps reads each company's configuration version (bot_config_versions, bumped by
// triggers on every table configQuery reads): one primary-key read per company. It is read
// before the configuration, so a change committed in between is seen by the next batch.
func stamps(tx *gorm.DB, companies atdb.Int64s) (map[int64]string, error) {
	var rows []struct {
		CompanyID int64
		Version   int64
	}
	if err := tx.Raw(`SELECT company_id, version FROM bot_config_versions WHERE company_id = ANY(?::bigint[])`,
		companies).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(companies))
	for _, id := range companies {
		out[id] = "0" // never changed since the versions began
	}
	for _, r := range rows {
		out[r.CompanyID] = strconv.FormatInt(r.Version, 10)
	}
	return out, nil
}

// config is the configuration of the companies a batch reads again, as the query returns
// it: every item names its company (co).
type config struct {
	Companies jsonList[struct {
		ID              int64           `json:"co"`
		Name            string          `json:"name"`
		Timezone        string          `json:"timezone"`
		Schedules       hours.Schedules `json:"schedules"`
		UseOpenAI       bool            `json:"useOpenAi"`
		UseIntegrations bool            `json:"useIntegrations"`
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
	HandoffRows // flows and integrations (handoff_load.go)
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

// configQuery reads companies' configuration (name, zone, hours, the plan's AI and
// integration flags), their queues, option
// trees (by id), their connections' queues (in orderQueue order, as the queue lists show
// them) and the files of the lists their queues and options send: one statement of five
// index scans, however many companies.
const configQuery = `WITH q AS (SELECT * FROM queues WHERE company_id = ANY(?::bigint[]))
SELECT
  (SELECT json_agg(json_build_object('co', c.id, 'name', c.name, 'timezone', c.timezone, 'schedules', c.schedules,
      'useOpenAi', coalesce(p.use_open_ai, false), 'useIntegrations', coalesce(p.use_integrations, false)))
    FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE c.id = ANY(?::bigint[])) AS companies,
  (SELECT json_agg(json_build_object('co', q.company_id, 'id', q.id, 'name', q.name, 'greeting', q.greeting_message,
      'outOfHours', q.out_of_hours_message, 'closeTicket', q.close_ticket, 'schedules', q.schedules,
      'integrationId', q.integration_id, 'fileListId', q.file_list_id)) FROM q) AS queues,
  (SELECT json_agg(json_build_object('co', o.company_id, 'id', o.id, 'queueId', o.queue_id, 'parentId', o.parent_id,
      'name', o.name, 'greeting', o.greeting_message, 'type', o.queue_type, 'closeTicket', o.close_ticket,
      'optQueueId', o.opt_queue_id, 'optUserId', o.opt_user_id, 'optIntegrationId', o.opt_integration_id,
      'optFileId', o.opt_file_id) ORDER BY o.id)
    FROM chatbots o WHERE o.queue_id IN (SELECT id FROM q)) AS options,
  (SELECT json_agg(json_build_object('co', c.company_id, 'c', l.connection_id, 'q', l.queue_id) ORDER BY q.order_queue, q.name)
    FROM connection_queues l JOIN connections c ON c.id = l.connection_id JOIN q ON q.id = l.queue_id
    WHERE c.company_id = ANY(?::bigint[])) AS links,
  (SELECT json_agg(json_build_object('co', f.company_id, 'list', f.file_id, 'name', f.name, 'path', f.path,
      'mediaType', f.media_type) ORDER BY f.id)
    FROM file_options f WHERE f.file_id IN (SELECT file_list_id FROM q
      UNION SELECT opt_file_id FROM chatbots WHERE queue_id IN (SELECT id FROM q))) AS files,` + handoffColumns

// loadConfig gives each company of the batch its Env: the configuration from the cache
// where its version still matches, read for the others; fresh settings (from their
// own cache), and the online attendants of companies that assign them at random.
func (p Processor) loadConfig(ctx context.Context, tx *gorm.DB, companies atdb.Int64s, st *botState) error {
	stamped, err := stamps(tx, companies)
	if err != nil {
		return err
	}
	held := map[int64]*companyConfig{}
	var missing atdb.Int64s
	for _, id := range companies {
		if e := p.Bot.get(id, stamped[id]); e != nil {
			held[id] = e
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		read, err := readConfig(tx, missing, stamped)
		if err != nil {
			return err
		}
		for _, e := range read {
			held[e.id] = e
			p.Bot.put(e)
		}
	}
	var random atdb.Int64s
	for id, e := range held {
		env := &chatbot.Env{Company: e.company, Settings: chatbot.Settings{}, Queues: e.queues, Links: e.links,
			Files: e.files, Online: map[int64][]chatbot.Attendant{}, Waiting: map[int64]int{}, Users: map[int64]string{},
			Handoffs: e.handoffs}
		p.readSettings(ctx, id, env.Settings)
		for _, u := range e.optUsers {
			env.Users[u] = ""
		}
		if env.Settings.On("userRandom") {
			random = append(random, id)
		}
		st.envs[id] = env
	}
	return st.loadOnline(tx, random)
}

// readConfig reads the configuration of companies.
func readConfig(tx *gorm.DB, companies atdb.Int64s, stamped map[int64]string) ([]*companyConfig, error) {
	var c config
	if err := tx.Raw(configQuery, companies, companies, companies, companies, companies, companies, companies).Find(&c).Error; err != nil {
		return nil, err
	}
	byCompany := map[int64]*companyConfig{}
	var out []*companyConfig
	for _, co := range c.Companies {
		e := &companyConfig{id: co.ID, stamp: stamped[co.ID], queues: map[int64]*chatbot.Queue{}, links: map[int64][]int64{},
			files: map[int64]*chatbot.FileList{},
			company: chatbot.Company{Name: co.Name, Location: hours.ZoneOr(co.Timezone), Schedules: co.Schedules,
				UseOpenAI: co.UseOpenAI, UseIntegrations: co.UseIntegrations}}
		byCompany[co.ID] = e
		out = append(out, e)
	}
	for _, q := range c.Queues {
		if e := byCompany[q.Company]; e != nil {
			e.queues[q.ID] = &chatbot.Queue{ID: q.ID, Name: q.Name, Greeting: q.Greeting, OutOfHours: q.OutOfHours,
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
		e, opt := byCompany[o.Company], byID[o.ID]
		if e == nil {
			continue
		}
		if o.OptUserID != nil && !slices.Contains(e.optUsers, *o.OptUserID) {
			e.optUsers = append(e.optUsers, *o.OptUserID)
		}
		if o.ParentID == nil {
			if q := e.queues[o.QueueID]; q != nil {
				q.Options = append(q.Options, opt)
			}
		} else if parent := byID[*o.ParentID]; parent != nil {
			parent.Options = append(parent.Options, opt)
		}
	}
	for _, l := range c.Links {
		if e := byCompany[l.Company]; e != nil {
			e.links[l.Conn] = append(e.links[l.Conn], l.Queue)
		}
	}
	for _, f := range c.Files {
		e := byCompany[f.Company]
		if e == nil {
			continue
		}
		list := e.files[f.List]
		if list == nil {
			list = &chatbot.FileList{ID: f.List}
			e.files[f.List] = list
		}
		list.Files = append(list.Files, chatbot.File{Name: f.Name, Path: f.Path, MediaType: f.MediaType})
	}
	c.HandoffRows.apply(byCompany)
	for _, e := range out {
		for _, q := range e.queues {
			q.Index() // built before batches share it
		}
	}
	return out, nil
}

// loadOnline reads the online members of the queues of companies that assign at random.
func (st *botState) loadOnline(tx *gorm.DB, companies atdb.Int64s) error {
	if len(companies) == 0 {
		return nil
	}
	var rows []struct {
		CompanyID, QueueID, ID int64
		Name                   string
	}
	if err := tx.Raw(`SELECT uq.company_id, uq.queue_id, u.id, u.name FROM user_queues uq JOIN users u ON u.id = uq.user_id
		WHERE uq.queue_id IN (SELECT id FROM queues WHERE company_id = ANY(?::bigint[])) AND u.online ORDER BY u.id`,
		companies).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		if env := st.envs[r.CompanyID]; env != nil {
			env.Online[r.QueueID] = append(env.Online[r.QueueID], chatbot.Attendant{ID: r.ID, Name: r.Name})
			env.Users[r.ID] = r.Name
		}
	}
	return nil
}

// readSettings fills into the company's settings the bot reads (chatbot.Keys).
func (p Processor) readSettings(ctx context.Context, companyID int64, into chatbot.Settings) {
	if p.Settings == nil {
		return
	}
	ctx = tenant.With(ctx, companyID)
	for _, k := range chatbot.Keys {
		into[k] = p.Settings.Value(ctx, k)
	}
}
