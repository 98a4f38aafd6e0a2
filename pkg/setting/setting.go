package setting

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/errs"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

var colorValue = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// LogoName is how a whitelabel file is stored: a random name with its sniffed type's
// extension, so a setting can never point outside the whitelabel folder.
var LogoName = regexp.MustCompile(`^[0-9a-f]{32}\.(png|jpg|webp|ico)$`)

// MainCompanyID holds the platform keys.
const MainCompanyID int64 = 1

// Setting is one stored value.
type Setting struct {
	CompanyID int64     `json:"-" gorm:"primaryKey"`
	Key       string    `json:"key" gorm:"primaryKey"`
	Value     string    `json:"value"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Service reads and writes settings.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
	Cache  *Cache // optional; nil reads the database every time
}

// All returns every company key (stored or default) of the context's company; platform
// keys are included for company 1 only.
func (s Service) All(ctx context.Context) ([]Setting, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	companyID, _ := tenant.CompanyID(ctx)
	var stored []Setting
	if err := q.Find(&stored).Error; err != nil {
		return nil, err
	}
	out := make([]Setting, 0, len(Defs))
	for _, d := range Defs {
		if d.Platform && companyID != MainCompanyID {
			continue
		}
		v := Setting{Key: d.Key, Value: d.Default}
		if i := slices.IndexFunc(stored, func(st Setting) bool { return st.Key == d.Key }); i >= 0 {
			v = stored[i]
		}
		out = append(out, v)
	}
	return out, nil
}

// Map returns All as key → value.
func (s Service) Map(ctx context.Context) (map[string]string, error) {
	all, err := s.All(ctx)
	if err != nil {
		return nil, err
	}
	m := make(map[string]string, len(all))
	for _, st := range all {
		m[st.Key] = st.Value
	}
	return m, nil
}

// Get returns one key of the context's company (platform keys come from company 1).
func (s Service) Get(ctx context.Context, key string) (Setting, error) {
	d, ok := Lookup(key)
	if !ok {
		return Setting{}, errs.ErrNoSetting
	}
	if d.Platform {
		ctx = tenant.With(ctx, MainCompanyID)
	}
	if s.Cache != nil {
		return s.cachedGet(ctx, d)
	}
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Setting{}, err
	}
	var st Setting
	err = q.Where("key = ?", key).Take(&st).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Setting{Key: key, Value: d.Default}, nil
	}
	return st, err
}

// cachedGet is Get through the cache: all of the company's stored keys in one query.
func (s Service) cachedGet(ctx context.Context, d Def) (Setting, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Setting{}, err
	}
	values, err := s.Cache.values(companyID, func() (map[string]Setting, error) {
		var stored []Setting
		err := s.DB.WithContext(ctx).Where("company_id = ?", companyID).Find(&stored).Error
		m := make(map[string]Setting, len(stored))
		for _, st := range stored {
			m[st.Key] = st
		}
		return m, err
	})
	if err != nil {
		return Setting{}, err
	}
	if st, ok := values[d.Key]; ok {
		return st, nil
	}
	return Setting{Key: d.Key, Value: d.Default}, nil
}

// Value is Get's value, or the default when reading fails.
func (s Service) Value(ctx context.Context, key string) string {
	st, err := s.Get(ctx, key)
	if err != nil {
		d, _ := Lookup(key)
		return d.Default
	}
	return st.Value
}

// Public returns a key readable without signing in.
func (s Service) Public(ctx context.Context, key string) (Setting, error) {
	if d, ok := Lookup(key); !ok || !d.Public {
		return Setting{}, errs.ErrNoSetting
	}
	return s.Get(tenant.With(ctx, MainCompanyID), key)
}

// Set validates and stores one key for the context's company. super says whether the
// actor may change platform keys.
func (s Service) Set(ctx context.Context, key, value string, super bool) (Setting, error) {
	d, ok := Lookup(key)
	if !ok {
		return Setting{}, errs.ErrNoSetting
	}
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Setting{}, err
	}
	if d.Platform {
		if !super {
			return Setting{}, errs.ErrNoPermission
		}
		companyID = MainCompanyID
		ctx = tenant.With(ctx, companyID)
	}
	value = strings.TrimSpace(value)
	st := Setting{CompanyID: companyID, Key: key, Value: value, UpdatedAt: time.Now()}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// One settings change of a company at a time, checked against committed values (not
		// the cache): a toggle and the text it needs can't be changed past each other.
		if err := tx.Exec("SELECT id FROM companies WHERE id = ? FOR NO KEY UPDATE", companyID).Error; err != nil {
			return err
		}
		if err := check(d, value, stored(tx, companyID)); err != nil {
			return err
		}
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "company_id"}, {Name: "key"}},
			DoUpdates: clause.AssignmentColumns([]string{"value", "updated_at"}),
		}).Create(&st).Error
	})
	if err != nil {
		return Setting{}, err
	}
	if s.Cache != nil {
		s.Cache.Changed(ctx, companyID)
	}
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "settings", map[string]any{
			"action": "update", "setting": st}))
	}
	return st, nil
}

// stored reads one key of the company inside tx (its default when unset).
func stored(tx *gorm.DB, companyID int64) func(key string) (string, error) {
	return func(key string) (string, error) {
		var values []string
		err := tx.Model(&Setting{}).Where("company_id = ? AND key = ?", companyID, key).Pluck("value", &values).Error
		if len(values) == 0 {
			d, _ := Lookup(key)
			return d.Default, err
		}
		return values[0], err
	}
}

// check validates value for d; read gives the company's other keys.
func check(d Def, value string, read func(key string) (string, error)) error {
	bad := func(msg string) error {
		return &errs.Error{Status: http.StatusBadRequest, Code: "ERR_VALIDATION", Message: msg,
			Fields: map[string]string{d.Key: msg}}
	}
	switch d.Kind {
	case Toggle:
		if value != "enabled" && value != "disabled" {
			return bad("Valor deve ser enabled ou disabled")
		}
	case Choice:
		if !slices.Contains(d.Values, value) {
			return bad("Opção inválida")
		}
	case Number:
		if n, err := strconv.Atoi(value); err != nil || n < 0 {
			return bad("Informe um número inteiro não negativo")
		}
	case Color:
		if !colorValue.MatchString(value) {
			return bad("Cor inválida (use #rrggbb)")
		}
	case Logo:
		if value != "" && !LogoName.MatchString(value) {
			return bad("Envie a imagem pelo upload de logotipo")
		}
	case Text:
		if utf8.RuneCountInString(value) > 4000 {
			return bad("Texto muito longo")
		}
		if value == "" && d.RequiredBy != "" {
			if on, err := read(d.RequiredBy); err != nil || on == d.trigger() {
				return cmp.Or(err, bad(d.Label+" é obrigatória"))
			}
		}
	}
	// Switching a toggle to a value that sends a text (enabling a greeting, refusing calls)
	// needs that text.
	if d.Kind == Toggle {
		for _, dep := range Defs {
			if dep.RequiredBy != d.Key || value != dep.trigger() {
				continue
			}
			if text, err := read(dep.Key); err != nil || text == "" {
				return cmp.Or(err, bad(dep.Label+" é obrigatória"))
			}
		}
	}
	return nil
}
