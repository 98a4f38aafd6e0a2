// Package config reads the process configuration from environment variables.
package config

import (
	"errors"
	"fmt"
	"net"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Config holds every setting the three processes read at start.
type Config struct {
	AppEnv            string
	DatabaseURL       string
	RedisURL          string
	Port              string
	JWTSecret         string
	JWTRefreshSecret  string
	AccessTTL         time.Duration
	RefreshTTL        time.Duration
	AdminEmail        string
	AdminPassword     string
	FrontendURL       string
	WebDir            string
	MediaDir          string
	LogLevel          string
	DefaultTimezone   string
	SMTP              SMTP
	WorkerConcurrency int
	DBMaxConns        int
	// InboundLinger (INBOUND_LINGER, default 10ms) is how long a busy pipeline's next write
	// of inbound events waits for more to join it (inbound.NewStore); 0 never waits.
	InboundLinger time.Duration
	Meta          Meta
	WhatsApp      WhatsApp
	Billing       Billing
	// TrustedProxies (TRUSTED_PROXIES: comma-separated IPs or CIDRs, default none) are the only
	// peers whose X-Forwarded-For names the client's address.
	TrustedProxies []string
	// MetricsAddr serves /metrics on an address of its own (METRICS_ADDR, e.g.
	// 127.0.0.1:9090); empty: no such listener.
	MetricsAddr string
	// MetricsToken lets /metrics answer on the public port to "Authorization: Bearer
	// <token>" (METRICS_TOKEN); empty: the public port answers 404.
	MetricsToken string
	// DialogflowURL (DIALOGFLOW_URL, default https://dialogflow.googleapis.com) and
	// GoogleTokenURL (GOOGLE_TOKEN_URL, default https://oauth2.googleapis.com/token) are
	// where Dialogflow integrations go; tests point them at fakes.
	DialogflowURL  string
	GoogleTokenURL string
	// IntegrationPrivateNets (INTEGRATION_PRIVATE_NETS: comma-separated IPs or CIDRs, default
	// none) are the private networks companies' Typebot, n8n and webhook URLs may reach (an
	// operator's self-hosted Typebot); any other private address is refused.
	IntegrationPrivateNets []string
	// OpenAIBaseURL (OPENAI_BASE_URL) replaces https://api.openai.com/v1 for the AI prompts
	// (a proxy, a compatible provider, or a test's fake).
	OpenAIBaseURL string
	// GeminiBaseURL (GEMINI_BASE_URL) replaces https://generativelanguage.googleapis.com/v1beta/
	// for the prompts whose model is a Gemini one.
	GeminiBaseURL string
	// AzureSpeechURL (AZURE_SPEECH_URL) replaces Azure's regional text-to-speech endpoint
	// (a format with the region's %s) for the prompts' voice answers.
	AzureSpeechURL string
}

// Meta configures the Graph API channels (WhatsApp Cloud API, Messenger, Instagram): one
// app for the platform, while each connection keeps its own token and phone/page/account id.
type Meta struct {
	AppID       string // META_APP_ID: exchanging Facebook login tokens (POST /facebook)
	AppSecret   string // META_APP_SECRET: X-Hub-Signature-256 of webhooks, token exchange
	VerifyToken string // META_VERIFY_TOKEN: the webhook subscription handshake
	GraphURL    string // GRAPH_API_BASE_URL + "/" + GRAPH_API_VERSION
}

// Billing configures the invoices' Pix: the operator's key and name in the codes, and the
// provider (Efí) whose webhook confirms payments. An empty PixKey leaves checkout closed
// (ERR_PIX_NOT_CONFIGURED); an empty EfiClientID leaves the webhook off.
type Billing struct {
	PixKey          string // PIX_KEY
	MerchantName    string // PIX_MERCHANT_NAME (at most 25 characters are used)
	MerchantCity    string // PIX_MERCHANT_CITY (at most 15)
	EfiBaseURL      string // EFI_BASE_URL, default https://pix.api.efipay.com.br
	EfiClientID     string // EFI_CLIENT_ID
	EfiClientSecret string // EFI_CLIENT_SECRET
	EfiCertFile     string // EFI_CERT_FILE: the account's certificate (PEM)
	EfiKeyFile      string // EFI_KEY_FILE: its key (PEM)
	WebhookSecret   string // PIX_WEBHOOK_SECRET: the "hmac" parameter of the registered webhook URL
}

// WhatsApp configures the whatsmeow sessions the worker processes host.
type WhatsApp struct {
	WorkerID string        // this process in the session leases; hostname-pid by default
	LeaseTTL time.Duration // a dead worker's sessions are taken over after this
	Silence  time.Duration // a CONNECTED session failing keepalives this long is reconnected
}

// SMTP is the outgoing mail relay; an empty Host disables sending (mails are logged).
type SMTP struct {
	Host string
	Port int
	User string
	Pass string
	From string
}

// Development reports whether insecure defaults are allowed.
func (c Config) Development() bool { return c.AppEnv == "development" || c.AppEnv == "test" }

const devSecret = "dev-only-secret-change-me"

// Load reads the environment. Outside development it refuses missing or weak secrets.
func Load() (Config, error) {
	c := Config{
		AppEnv:            env("APP_ENV", "development"),
		DatabaseURL:       env("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/atende?sslmode=disable"),
		RedisURL:          env("REDIS_URL", "redis://127.0.0.1:6379/0"),
		Port:              env("PORT", "8080"),
		JWTSecret:         os.Getenv("JWT_SECRET"),
		JWTRefreshSecret:  os.Getenv("JWT_REFRESH_SECRET"),
		AccessTTL:         envDuration("JWT_ACCESS_TTL", 15*time.Minute),
		RefreshTTL:        envDuration("JWT_REFRESH_TTL", 7*24*time.Hour),
		AdminEmail:        strings.ToLower(env("ADMIN_EMAIL", "admin@atende.local")),
		AdminPassword:     os.Getenv("ADMIN_PASSWORD"),
		FrontendURL:       env("FRONTEND_URL", "http://localhost:8080"),
		WebDir:            env("WEB_DIR", "frontend/dist"),
		MediaDir:          env("MEDIA_DIR", "data/media"),
		LogLevel:          env("LOG_LEVEL", "info"),
		DefaultTimezone:   env("TZ_DEFAULT", "America/Sao_Paulo"),
		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 10),
		DBMaxConns:        envInt("DB_MAX_CONNS", 30),
		InboundLinger:     envDuration("INBOUND_LINGER", 10*time.Millisecond),
		MetricsAddr:       os.Getenv("METRICS_ADDR"),
		MetricsToken:      os.Getenv("METRICS_TOKEN"),
		OpenAIBaseURL:     os.Getenv("OPENAI_BASE_URL"),
		GeminiBaseURL:     os.Getenv("GEMINI_BASE_URL"),
		AzureSpeechURL:    os.Getenv("AZURE_SPEECH_URL"),
		Meta: Meta{
			AppID:       os.Getenv("META_APP_ID"),
			AppSecret:   os.Getenv("META_APP_SECRET"),
			VerifyToken: os.Getenv("META_VERIFY_TOKEN"),
			GraphURL:    graphURL(env("GRAPH_API_BASE_URL", "https://graph.facebook.com"), env("GRAPH_API_VERSION", "v13.0")),
		},
		WhatsApp: WhatsApp{
			WorkerID: env("WORKER_ID", defaultWorkerID()),
			LeaseTTL: envDuration("WHATSAPP_LEASE_TTL", 30*time.Second),
			Silence:  envDuration("WHATSAPP_WATCHDOG_SILENCE", 3*time.Minute),
		},
		Billing: Billing{
			PixKey:          os.Getenv("PIX_KEY"),
			MerchantName:    env("PIX_MERCHANT_NAME", "ATENDE"),
			MerchantCity:    env("PIX_MERCHANT_CITY", "SAO PAULO"),
			EfiBaseURL:      env("EFI_BASE_URL", "https://pix.api.efipay.com.br"),
			EfiClientID:     os.Getenv("EFI_CLIENT_ID"),
			EfiClientSecret: os.Getenv("EFI_CLIENT_SECRET"),
			EfiCertFile:     os.Getenv("EFI_CERT_FILE"),
			EfiKeyFile:      os.Getenv("EFI_KEY_FILE"),
			WebhookSecret:   os.Getenv("PIX_WEBHOOK_SECRET"),
		},
		TrustedProxies:         list(os.Getenv("TRUSTED_PROXIES")),
		DialogflowURL:          env("DIALOGFLOW_URL", "https://dialogflow.googleapis.com"),
		GoogleTokenURL:         env("GOOGLE_TOKEN_URL", "https://oauth2.googleapis.com/token"),
		IntegrationPrivateNets: list(os.Getenv("INTEGRATION_PRIVATE_NETS")),
		SMTP: SMTP{
			Host: os.Getenv("SMTP_HOST"),
			Port: envInt("SMTP_PORT", 587),
			User: os.Getenv("SMTP_USER"),
			Pass: os.Getenv("SMTP_PASS"),
			From: env("SMTP_FROM", "Atende <no-reply@atende.local>"),
		},
	}
	if err := checkNets("TRUSTED_PROXIES", c.TrustedProxies); err != nil {
		return c, err
	}
	if err := checkNets("INTEGRATION_PRIVATE_NETS", c.IntegrationPrivateNets); err != nil {
		return c, err
	}
	return c, c.check()
}

// checkNets refuses an entry of the variable name that is neither an IP nor a CIDR.
func checkNets(name string, entries []string) error {
	for _, p := range entries {
		if net.ParseIP(p) == nil {
			if _, _, err := net.ParseCIDR(p); err != nil {
				return fmt.Errorf("%s: %q is neither an IP address nor a CIDR", name, p)
			}
		}
	}
	return nil
}

func (c *Config) check() error {
	if c.Development() {
		if c.JWTSecret == "" {
			c.JWTSecret = devSecret
		}
		if c.JWTRefreshSecret == "" {
			c.JWTRefreshSecret = devSecret + "-refresh"
		}
		if c.AdminPassword == "" {
			c.AdminPassword = "Admin@12345"
		}
		return nil
	}
	var problems []string
	for name, v := range map[string]string{"JWT_SECRET": c.JWTSecret, "JWT_REFRESH_SECRET": c.JWTRefreshSecret} {
		if len(v) < 32 || strings.Contains(v, "change-me") {
			problems = append(problems, name+" must be a random string of at least 32 characters")
		}
	}
	if c.JWTSecret != "" && c.JWTSecret == c.JWTRefreshSecret {
		problems = append(problems, "JWT_SECRET and JWT_REFRESH_SECRET must differ")
	}
	if len(c.AdminPassword) < 8 {
		problems = append(problems, "ADMIN_PASSWORD must have at least 8 characters")
	}
	if len(problems) > 0 {
		return errors.New("refusing to start outside development: " + strings.Join(problems, "; "))
	}
	return nil
}

var graphVersion = regexp.MustCompile(`/v\d+\.\d+$`)

// graphURL joins the Graph base URL and version, unless the base already names a version.
func graphURL(base, version string) string {
	base = strings.TrimRight(base, "/")
	if graphVersion.MatchString(base) {
		return base
	}
	return base + "/" + version
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// list splits a comma-separated value, dropping blanks.
func list(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func envInt(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
		fmt.Fprintf(os.Stderr, "config: ignoring invalid duration %s=%q\n", key, v)
	}
	return def
}

func defaultWorkerID() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s-%d", host, os.Getpid())
}
