package campaign

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/errs"
	"atende/pkg/tenant"
)

// Settings are a company's campaign settings (spec/3 §3 and §9) and the governor's limits.
// Intervals are seconds; hours are "HH:MM" in the company's time zone.
type Settings struct {
	MessageInterval     int        `json:"messageInterval"`
	LongerIntervalAfter int        `json:"longerIntervalAfter"`
	GreaterInterval     int        `json:"greaterInterval"`
	Variables           []Variable `json:"variables"`
	Sabado              bool       `json:"sabado"`
	Domingo             bool       `json:"domingo"`
	StartHour           string     `json:"startHour"`
	EndHour             string     `json:"endHour"`
	Governor
}

// Variable is a custom {key} of campaign texts.
type Variable struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Governor is the ban-risk governor's limits for every connection of the company.
type Governor struct {
	// Warmup is the daily cap per connection by day since its first campaign send; the
	// last value holds from then on.
	Warmup []int `json:"governorWarmup"`
	// PerMinute is the most sends a connection makes in one minute, whatever the intervals.
	PerMinute int `json:"governorPerMinute"`
	// Window is how many of the connection's latest sends the health check reads.
	Window int `json:"governorWindow"`
	// MaxFailurePct pauses when more of the window failed; MinDeliveredPct and MinReadPct
	// pause when fewer of the window's settled sends (older than Settle) were delivered or
	// read. 0 turns a check off.
	MaxFailurePct   int `json:"governorMaxFailurePct"`
	MinDeliveredPct int `json:"governorMinDeliveredPct"`
	MinReadPct      int `json:"governorMinReadPct"`
}

// Settle is how long a send has for its delivery receipt before the health check counts it.
const Settle = 15 * time.Minute

// MinSample is how many sends a health ratio needs before it can pause anything.
const MinSample = 10

// Defaults are spec/3 §9's and the governor's safe ones.
func Defaults() Settings {
	return Settings{MessageInterval: 20, LongerIntervalAfter: 20, GreaterInterval: 60, Variables: []Variable{},
		StartHour: "09:00", EndHour: "18:00", Governor: DefaultGovernor()}
}

// DefaultGovernor: a new number starts at 50 a day and doubles daily up to 1,000; at most
// 10 a minute; pause when 20 % of the last 50 sends failed or fewer than half were delivered.
func DefaultGovernor() Governor {
	return Governor{Warmup: []int{50, 100, 200, 400, 800, 1000}, PerMinute: 10, Window: 50,
		MaxFailurePct: 20, MinDeliveredPct: 50, MinReadPct: 0}
}

// Cap is the daily cap on warm-up day day (0 = the first day).
func (g Governor) Cap(day int) int {
	if len(g.Warmup) == 0 {
		return 0
	}
	return g.Warmup[min(max(day, 0), len(g.Warmup)-1)]
}

var (
	hourRE = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)
	keyRE  = regexp.MustCompile(`^[A-Za-z0-9_]{1,40}$`)
)

// reserved are the built-in variables a custom one may not shadow.
var reserved = map[string]bool{"nome": true, "email": true, "numero": true}

// Validate checks the spec's ranges and the governor's hard limits.
func (s Settings) Validate() error {
	v := errs.Validation{}
	if s.MessageInterval < 0 || s.MessageInterval > 120 {
		v.Add("messageInterval", "Intervalo entre 0 e 120 segundos.")
	}
	if s.LongerIntervalAfter < 0 || s.LongerIntervalAfter > 60 {
		v.Add("longerIntervalAfter", "Entre 0 e 60 mensagens.")
	}
	if s.GreaterInterval != 0 && (s.GreaterInterval < 20 || s.GreaterInterval > 180) {
		v.Add("greaterInterval", "0, ou entre 20 e 180 segundos.")
	}
	if !hourRE.MatchString(s.StartHour) {
		v.Add("startHour", "Hora inválida (HH:MM).")
	}
	if !hourRE.MatchString(s.EndHour) {
		v.Add("endHour", "Hora inválida (HH:MM).")
	}
	seen := map[string]bool{}
	for _, x := range s.Variables {
		if !keyRE.MatchString(x.Key) || reserved[x.Key] || seen[x.Key] {
			v.Add("variables", fmt.Sprintf("Variável inválida ou repetida: %q.", x.Key))
		}
		seen[x.Key] = true
	}
	g := s.Governor
	if len(g.Warmup) == 0 || len(g.Warmup) > 30 {
		v.Add("governorWarmup", "Informe de 1 a 30 limites diários.")
	}
	for _, n := range g.Warmup {
		if n < 1 || n > 100000 {
			v.Add("governorWarmup", "Cada limite diário deve ficar entre 1 e 100000.")
		}
	}
	if g.PerMinute < 1 || g.PerMinute > 60 {
		v.Add("governorPerMinute", "Entre 1 e 60 envios por minuto.")
	}
	if g.Window < MinSample || g.Window > 1000 {
		v.Add("governorWindow", fmt.Sprintf("Entre %d e 1000 envios.", MinSample))
	}
	for field, pct := range map[string]int{"governorMaxFailurePct": g.MaxFailurePct,
		"governorMinDeliveredPct": g.MinDeliveredPct, "governorMinReadPct": g.MinReadPct} {
		if pct < 0 || pct > 100 {
			v.Add(field, "Entre 0 e 100 %.")
		}
	}
	return v.Err()
}

// Hours are the sending window's start and end as minutes of the day.
func (s Settings) Hours() (start, end int) { return minutes(s.StartHour), minutes(s.EndHour) }

func minutes(hhmm string) int {
	h, m, _ := strings.Cut(hhmm, ":")
	hi, _ := strconv.Atoi(h)
	mi, _ := strconv.Atoi(m)
	return hi*60 + mi
}

// SettingRow is one stored key.
type SettingRow struct {
	CompanyID int64     `json:"-" gorm:"primaryKey"`
	Key       string    `json:"key" gorm:"primaryKey"`
	Value     string    `json:"value"`
	UpdatedAt time.Time `json:"-"`
}

// TableName is the campaign settings table.
func (SettingRow) TableName() string { return "campaign_settings" }

// KeyValue is one setting as GET /campaign-settings lists it.
type KeyValue struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

// LoadSettings reads a company's settings over the defaults.
func LoadSettings(ctx context.Context, db *gorm.DB, companyID int64) (Settings, error) {
	var rows []SettingRow
	if err := db.WithContext(ctx).Where("company_id = ?", companyID).Find(&rows).Error; err != nil {
		return Settings{}, err
	}
	m := map[string]json.RawMessage{}
	for _, r := range rows {
		m[r.Key] = json.RawMessage(r.Value)
	}
	s := Defaults()
	b, _ := json.Marshal(m)
	_ = json.Unmarshal(b, &s) // a stored value that no longer parses keeps its default
	if s.Variables == nil {
		s.Variables = []Variable{}
	}
	return s, nil
}

// List is GET /campaign-settings: every key with its value (stored or default).
func List(s Settings) []KeyValue {
	b, _ := json.Marshal(s)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	out := make([]KeyValue, 0, len(m))
	for _, k := range settingKeys {
		out = append(out, KeyValue{Key: k, Value: m[k]})
	}
	return out
}

var settingKeys = []string{"messageInterval", "longerIntervalAfter", "greaterInterval", "variables", "sabado",
	"domingo", "startHour", "endHour", "governorWarmup", "governorPerMinute", "governorWindow",
	"governorMaxFailurePct", "governorMinDeliveredPct", "governorMinReadPct"}

// SettingsService reads and writes the context company's campaign settings.
type SettingsService struct{ DB *gorm.DB }

// Get is the company's settings as a key/value list.
func (s SettingsService) Get(ctx context.Context) ([]KeyValue, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	set, err := LoadSettings(ctx, s.DB, companyID)
	return List(set), err
}

// Save merges the given keys over the stored settings, validates the whole and stores it.
func (s SettingsService) Save(ctx context.Context, in map[string]json.RawMessage) ([]KeyValue, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	cur, err := LoadSettings(ctx, s.DB, companyID)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, k := range settingKeys {
		known[k] = true
	}
	patch := map[string]json.RawMessage{}
	for k, v := range in {
		if known[k] {
			patch[k] = v
		}
	}
	b, _ := json.Marshal(patch)
	if err := json.Unmarshal(b, &cur); err != nil {
		return nil, errs.Validation{"settings": "Configurações inválidas."}.Err()
	}
	if err := cur.Validate(); err != nil {
		return nil, err
	}
	rows := make([]SettingRow, 0, len(settingKeys))
	for _, kv := range List(cur) {
		v, _ := json.Marshal(kv.Value)
		rows = append(rows, SettingRow{CompanyID: companyID, Key: kv.Key, Value: string(v), UpdatedAt: time.Now()})
	}
	err = s.DB.WithContext(ctx).Clauses(clause.OnConflict{UpdateAll: true}).Create(&rows).Error
	return List(cur), err
}
