// Package app is the composition root: it opens PostgreSQL, Redis and the asynq client from
// the configuration and builds the services the three processes share.
package app

import (
	"atende/pkg/dashboard"
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"atende/pkg/announcement"
	"atende/pkg/auth"
	"atende/pkg/billing"
	"atende/pkg/campaign"
	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/chat"
	"atende/pkg/config"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/contactimport"
	"atende/pkg/contactlist"
	"atende/pkg/db"
	"atende/pkg/externalapi"
	"atende/pkg/filelist"
	"atende/pkg/flow"
	"atende/pkg/flowcampaign"
	"atende/pkg/help"
	"atende/pkg/inbound"
	"atende/pkg/integration"
	"atende/pkg/integration/handoff"
	"atende/pkg/kanban"
	"atende/pkg/lanetimer"
	"atende/pkg/mail"
	"atende/pkg/message"
	"atende/pkg/plan"
	"atende/pkg/prompt"
	"atende/pkg/queue"
	"atende/pkg/quickmessage"
	"atende/pkg/realtime"
	"atende/pkg/report"
	"atende/pkg/schedule"
	"atende/pkg/setting"
	"atende/pkg/storage"
	"atende/pkg/tag"
	"atende/pkg/tenant"
	"atende/pkg/tenants"
	"atende/pkg/ticket"
	"atende/pkg/user"
	"atende/pkg/whitelabel"
)

// App holds the connections and services.
type App struct {
	Cfg      config.Config
	DB       *gorm.DB
	RDB      *redis.Client
	RedisOpt asynq.RedisConnOpt
	Queue    *asynq.Client
	Events   realtime.Publisher
	Media    storage.Store
	Mail     mail.Sender

	// Notifications feeds the in-memory caches (signed-in users, connection rows) from
	// PostgreSQL; Fence waits until plain-SQL writes have reached them.
	Notifications   *db.Notifications
	ConnectionCache *connection.Cache

	Settings      setting.Service
	Users         user.Service
	Presence      user.Presence
	Plans         plan.Store
	Tenants       tenants.Service // the operator's companies
	Auth          auth.Service
	Resets        auth.Resets
	Connections   connection.Service
	Queues        queue.Service
	FileLists     filelist.Service
	Tags          tag.Service
	Kanban        kanban.Service
	LaneTimers    lanetimer.Service
	Reports       report.Service
	Contacts      contact.Service
	QuickMessages quickmessage.Service
	ContactLists  contactlist.Service
	Helps         help.Service
	Announcements announcement.Service
	Whitelabel    whitelabel.Service
	Prompts       prompt.Service // AI prompts (spec/3): the records
	PromptRuntime prompt.Runtime // answers customers with a prompt (worker, prompt:message)

	// Contact imports: spreadsheets and phones' address books (issue 16).
	Imports contactimport.Service

	Channels     channel.Registry
	Sessions     channel.SessionRouter // live sessions behind connections, by channel
	Sandbox      sandbox.Channel
	WhatsApp     *whatsapp.Hub // whatsmeow sessions: reached from every process, hosted by workers
	Messages     message.Service
	Delivery     message.Delivery
	InboundStore inbound.Store
	Inbound      inbound.Processor
	Meta         Meta // Graph API channels: webhooks, Facebook login

	Tickets   ticket.Service
	Schedules schedule.Service    // scheduled messages (spec/3): CRUD in the api, firing in the worker
	Dashboard dashboard.Service   // managers' figures and the real-time panel (spec/1 Dashboard)
	External  externalapi.Service // POST /api/messages/send
	Chats     chat.Service        // internal chat between a company's users (spec/3)

	Flows             flow.Service         // the flow builder's flows (spec/3)
	FlowTrigger       flow.Trigger         // flows started by their webhook
	FlowCampaigns     flowcampaign.Service // phrase campaigns
	Integrations      integration.Service  // queue integrations (spec/3 /queue-integration)
	IntegrationRunner handoff.Runner       // hands messages to them (integration:message)

	Campaigns        campaign.Service
	CampaignSettings campaign.SettingsService

	Billing billing.Service  // invoices, their Pix codes and payments
	Payment billing.Provider // the provider whose webhook confirms payments; nil: none set up

	stop context.CancelFunc // ends the background listeners
}

// New connects and wires everything. Close releases it.
func New(cfg config.Config) (*App, error) {
	if cfg.DBMaxConns > 0 {
		db.MaxConns = cfg.DBMaxConns
	}
	g, err := db.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	ropt, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, fmt.Errorf("REDIS_URL: %w", err)
	}
	rdb := redis.NewClient(ropt)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		return nil, fmt.Errorf("redis: %w", err)
	}
	aopt := asynq.RedisClientOpt{Addr: ropt.Addr, Username: ropt.Username, Password: ropt.Password,
		DB: ropt.DB, TLSConfig: ropt.TLSConfig}
	a := &App{Cfg: cfg, DB: g, RDB: rdb, RedisOpt: aopt, Queue: asynq.NewClient(aopt)}
	a.Events = realtime.LGPDPublisher{Publisher: realtime.RedisPublisher{RDB: rdb},
		Setting: func(ctx context.Context, companyID int64, key string) string {
			return a.Settings.Value(tenant.With(ctx, companyID), key) // set by wire, read at publish time
		}}
	a.Media = storage.Store{Dir: cfg.MediaDir, Secret: []byte(cfg.JWTSecret + ":media"), Prefix: "/media"}
	a.Mail = mail.SMTP{Cfg: cfg.SMTP}
	a.wire()
	return a, nil
}

func (a *App) wire() {
	a.Settings = setting.Service{DB: a.DB, Events: a.Events, Cache: setting.NewCache(a.RDB, 30*time.Second)}
	var bg context.Context
	bg, a.stop = context.WithCancel(context.Background())
	go a.Settings.Cache.Listen(bg)
	// Rows every request or event reads first, kept in memory and dropped by the
	// database's notifications (README, "In-memory caches").
	signedIn := user.NewSignedInCache(time.Minute)
	a.ConnectionCache = connection.NewCache(connection.Store{DB: a.DB}, time.Minute)
	a.Notifications = db.NewNotifications(signedIn, a.ConnectionCache)
	go a.Notifications.Listener(a.Cfg.DatabaseURL).Run(bg)
	a.Connections = connection.Service{Store: connection.Store{DB: a.DB}, Events: a.Events, Settings: a.Settings,
		Cache: a.ConnectionCache}
	a.Users = user.Service{DB: a.DB, Events: a.Events, Settings: a.Settings, Media: a.Media,
		Connections: a.Connections.Store, SignedIn: signedIn}
	a.Queues = queue.Service{DB: a.DB, Events: a.Events, Settings: a.Settings}
	a.FileLists = filelist.Service{DB: a.DB, Events: a.Events, Media: a.Media}
	a.Tags = tag.Service{DB: a.DB, Events: a.Events}
	a.Contacts = contact.Service{DB: a.DB, Events: a.Events, Settings: a.Settings, Tags: a.Tags}
	a.QuickMessages = quickmessage.Service{DB: a.DB, Events: a.Events, Media: a.Media}
	a.Presence = user.Presence{DB: a.DB}
	a.Helps = help.Service{DB: a.DB}
	a.Announcements = announcement.Service{DB: a.DB, Events: a.Events, Media: a.Media}
	a.Prompts = prompt.Service{DB: a.DB, Events: a.Events}
	a.Whitelabel = whitelabel.Service{Settings: a.Settings, Store: a.Media}
	a.Plans = plan.Store{DB: a.DB}
	a.Auth = auth.Service{
		DB: a.DB, RDB: a.RDB, Events: a.Events, Users: a.Users, Settings: a.Settings,
		Tokens: auth.Issuer{Secret: []byte(a.Cfg.JWTSecret), RefreshSecret: []byte(a.Cfg.JWTRefreshSecret),
			AccessTTL: a.Cfg.AccessTTL, RefreshTTL: a.Cfg.RefreshTTL},
		Limiter: auth.Limiter{RDB: a.RDB, Free: 5, Base: time.Second, Cap: 5 * time.Minute,
			AddressMax: 50, Window: 15 * time.Minute},
	}
	a.Resets = auth.Resets{Auth: a.Auth, Queue: a.Queue, AppURL: a.Cfg.FrontendURL}
	a.wireMessaging()
	a.ContactLists = contactlist.Service{DB: a.DB, Events: a.Events, Queue: a.Queue, Files: a.Media, Channels: a.Channels}
	a.Imports = contactimport.Service{DB: a.DB, Events: a.Events, Queue: a.Queue, Files: a.Media,
		Channels: a.Channels, Settings: a.Settings}
	// The message service is the tickets' Messenger: automatic texts and transfer notes
	// are stored and queued like any other message.
	a.Tickets = ticket.Service{DB: a.DB, Events: a.Events, Settings: a.Settings, Messenger: a.Messages}
	// The connections admin asks the sessions to follow its records and closes imported
	// tickets through the ticket service.
	a.Connections.Sessions, a.Connections.Tickets, a.Connections.Media = a.Sessions, a.Tickets, a.Media
	a.Tenants = tenants.Service{DB: a.DB, Queue: a.Queue, Sessions: a.Connections, MediaDir: a.Media.Dir}
	a.Dashboard = dashboard.Service{DB: a.DB}
	a.Schedules = schedule.Service{DB: a.DB, Events: a.Events, Queue: a.Queue, Media: a.Media, Delivery: a.Delivery,
		Channels: a.Channels}
	a.Kanban = kanban.Service{DB: a.DB}
	a.LaneTimers = lanetimer.Service{DB: a.DB, Events: a.Events, Queue: a.Queue, Messages: a.Messages}
	a.Reports = report.Service{DB: a.DB}
	a.External = externalapi.Service{DB: a.DB, Messages: a.Messages, Events: a.Events, Settings: a.Settings}
	a.wireCampaigns()
	a.PromptRuntime = prompt.Runtime{DB: a.DB, Events: a.Events, Messages: a.Messages, Media: a.Media,
		AI: prompt.OpenAI{BaseURL: a.Cfg.OpenAIBaseURL, GeminiURL: a.Cfg.GeminiBaseURL}, Speech: prompt.AzureSpeech{URL: a.Cfg.AzureSpeechURL}, Settings: a.Settings,
		Queue: a.Queue}
	a.Chats = chat.Service{DB: a.DB, Events: a.Events}
	a.Flows = flow.Service{DB: a.DB, Events: a.Events}
	a.FlowTrigger = flow.Trigger{DB: a.DB, RDB: a.RDB, Queue: a.Queue, Events: a.Events, Flows: a.Flows}
	a.FlowCampaigns = flowcampaign.Service{DB: a.DB, Events: a.Events}
	a.wireMeta()
	a.wireBilling()
	a.wireIntegrations()
}

func (a *App) wireBilling() {
	b := a.Cfg.Billing
	a.Billing = billing.Service{DB: a.DB, Events: a.Events,
		Pix: billing.Pix{Key: b.PixKey, Name: b.MerchantName, City: b.MerchantCity}}
	if b.EfiClientID == "" {
		return
	}
	efi, err := billing.NewEfi(b.EfiBaseURL, b.EfiClientID, b.EfiClientSecret, b.WebhookSecret, b.EfiCertFile, b.EfiKeyFile)
	if err != nil {
		slog.Error("billing: Efí is not usable; payment webhooks are off", "err", err)
		return
	}
	a.Payment = efi
}

func (a *App) wireMessaging() {
	a.Sandbox = sandbox.New(a.DB, a.Queue)
	a.Channels = channel.Registry{connection.ChannelSandbox: a.Sandbox}
	a.Sessions = channel.SessionRouter{ByChannel: map[string]channel.Sessions{},
		Fallback: channel.Sessionless{SetStatus: func(ctx context.Context, c connection.Connection, status string) error {
			_, err := a.Connections.SetSession(ctx, c.CompanyID, c.ID, connection.Session{Status: status, Number: c.Number})
			return err
		}}}
	a.Messages = message.Service{DB: a.DB, Events: a.Events, Queue: a.Queue, Media: a.Media, Settings: a.Settings}
	a.Delivery = message.Delivery{DB: a.DB, Channels: a.Channels, Events: a.Events, Media: a.Media, Settings: a.Settings,
		Connections: a.ConnectionCache, Queue: a.Queue}
	a.InboundStore = inbound.NewStore(a.DB, a.Queue, a.Cfg.InboundLinger)
	a.Inbound = inbound.Processor{DB: a.DB, Events: a.Events, Media: a.Media, Connections: a.ConnectionCache, Channels: a.Channels,
		Settings: a.Settings, Queue: a.Queue, Delivery: &a.Delivery, Bot: inbound.NewBotCache()}
	a.wireWhatsApp()
}

func (a *App) wireWhatsApp() {
	a.WhatsApp = &whatsapp.Hub{DB: a.DB, Conns: a.Connections, Inbound: a.InboundStore, Media: a.Media,
		Queue: a.Queue, Silence: a.Cfg.WhatsApp.Silence,
		Leases: whatsapp.Leases{RDB: a.RDB, Owner: a.Cfg.WhatsApp.WorkerID, TTL: a.Cfg.WhatsApp.LeaseTTL}}
	a.Channels[connection.ChannelWhatsApp] = whatsapp.Channel{Hub: a.WhatsApp}
	a.Sessions.ByChannel[connection.ChannelWhatsApp] = whatsapp.Control{Hub: a.WhatsApp}
}

// wireCampaigns builds the campaigns and lets them see inbound events (receipts,
// confirmations, echoes).
func (a *App) wireCampaigns() {
	d := campaign.Dispatcher{DB: a.DB, Channels: a.Channels, Queue: a.Queue, Events: a.Events}
	a.Campaigns = campaign.Service{DB: a.DB, Events: a.Events, Queue: a.Queue, Media: a.Media, Dispatcher: d}
	a.CampaignSettings = campaign.SettingsService{DB: a.DB}
	a.Inbound.Campaigns = campaign.Watcher{Queue: a.Queue, Events: a.Events}
}

// Close releases connections.
func (a *App) Close() {
	a.stop()
	a.Queue.Close()
	a.RDB.Close()
	if sqlDB, err := a.DB.DB(); err == nil {
		sqlDB.Close()
	}
}
