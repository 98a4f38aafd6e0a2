package queue

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/errs"
	"atende/pkg/integration"
	"atende/pkg/tenant"
	"atende/pkg/validate"
)

// Option types (spec/2 "Chatbot option"; "attendent" is the spec's spelling).
const (
	TypeText        = "text"        // a menu level: its greeting and its sub-options
	TypeAttendant   = "attendent"   // to OptQueueID, assigned to OptUserID
	TypeQueue       = "queue"       // to OptQueueID
	TypeIntegration = "integration" // to OptIntegrationID
	TypeFile        = "file"        // sends the file list OptFileID
)

// OptionTypes are the allowed queueType values.
var OptionTypes = []string{TypeText, TypeAttendant, TypeQueue, TypeIntegration, TypeFile}

// MaxOptions bounds a queue's tree: the bot reads it whole for every menu reply.
const MaxOptions = 300

// Option is one entry of a queue's option tree (table chatbots). QueueID is the root
// queue; ParentID is nil at the first level. Options holds the sub-options, by id.
type Option struct {
	ID               int64     `json:"id"`
	CompanyID        int64     `json:"-"`
	QueueID          int64     `json:"queueId"`
	ParentID         *int64    `json:"parentId"`
	Name             string    `json:"name"`
	GreetingMessage  string    `json:"greetingMessage"`
	QueueType        string    `json:"queueType"`
	CloseTicket      bool      `json:"closeTicket"`
	OptQueueID       *int64    `json:"optQueueId"`
	OptUserID        *int64    `json:"optUserId"`
	OptIntegrationID *int64    `json:"optIntegrationId"`
	OptFileID        *int64    `json:"optFileId"`
	Options          []Option  `json:"options" gorm:"-"`
	CreatedAt        time.Time `json:"-"`
	UpdatedAt        time.Time `json:"-"`
}

// TableName is the spec's table.
func (Option) TableName() string { return "chatbots" }

const (
	msgNameTooShort = "Nome muito curto"
	msgNameTooLong  = "Nome muito longo"
	msgNextLevel    = "A mensagem é obrigatória para ir ao próximo nível"
	msgBadQueue     = "Fila inválida"
	msgBadUser      = "Usuário inválido"
	msgBadParent    = "Opção inválida"
)

var (
	ErrOptionNotFound = errs.New(http.StatusNotFound, "ERR_CHATBOT_NOT_FOUND", "Nenhuma opção encontrada com este ID.")
	ErrOptionLimit    = errs.New(http.StatusBadRequest, "ERR_CHATBOT_LIMIT_REACHED", "Limite de opções da fila atingido.")
)

// OptionInput is a create or update request. Nil (absent) fields are left as they are.
// QueueID and ParentID are read on create only: an option never moves.
type OptionInput struct {
	QueueID          validate.Nullable[int64] `json:"queueId"`
	ParentID         validate.Nullable[int64] `json:"parentId"`
	Name             *string                  `json:"name"`
	GreetingMessage  *string                  `json:"greetingMessage"`
	QueueType        *string                  `json:"queueType"`
	CloseTicket      *bool                    `json:"closeTicket"`
	OptQueueID       validate.Nullable[int64] `json:"optQueueId"`
	OptUserID        validate.Nullable[int64] `json:"optUserId"`
	OptIntegrationID validate.Nullable[int64] `json:"optIntegrationId"`
	OptFileID        validate.Nullable[int64] `json:"optFileId"`
}

// apply validates in into v and copies it onto o; creating makes the name required.
func (in OptionInput) apply(v errs.Validation, o *Option, creating bool) {
	if in.Name != nil || creating {
		o.Name = strings.TrimSpace(validate.Deref(in.Name))
		switch n := utf8.RuneCountInString(o.Name); {
		case n == 0:
			v.Add("name", validate.MsgRequired)
		case n < 4:
			v.Add("name", msgNameTooShort)
		case n > 50:
			v.Add("name", msgNameTooLong)
		}
	}
	validate.SetText(v, "greetingMessage", &o.GreetingMessage, in.GreetingMessage)
	if in.QueueType != nil {
		o.QueueType = strings.TrimSpace(*in.QueueType)
	}
	if o.QueueType == "" {
		o.QueueType = TypeText
	}
	validate.OneOf(v, "queueType", o.QueueType, OptionTypes...)
	if in.CloseTicket != nil {
		o.CloseTicket = *in.CloseTicket
	}
	for _, f := range []struct {
		in  validate.Nullable[int64]
		dst **int64
	}{{in.OptQueueID, &o.OptQueueID}, {in.OptUserID, &o.OptUserID},
		{in.OptIntegrationID, &o.OptIntegrationID}, {in.OptFileID, &o.OptFileID}} {
		if f.in.Set {
			*f.dst = f.in.Of()
		}
	}
	o.targets(v)
}

// targets keeps the ids the option's type acts on (clearing the others, so the bot never
// follows a stale one) and requires them.
func (o *Option) targets(v errs.Validation) {
	need := map[string]bool{}
	switch o.QueueType {
	case TypeQueue:
		need["optQueueId"] = true
	case TypeAttendant:
		need["optQueueId"], need["optUserId"] = true, true
	case TypeIntegration:
		need["optIntegrationId"] = true
	case TypeFile:
		need["optFileId"] = true
	}
	for field, p := range map[string]**int64{"optQueueId": &o.OptQueueID, "optUserId": &o.OptUserID,
		"optIntegrationId": &o.OptIntegrationID, "optFileId": &o.OptFileID} {
		switch {
		case !need[field]:
			*p = nil
		case *p == nil:
			v.Add(field, validate.MsgRequired)
		}
	}
}

// Trees returns the option trees of the company's queues, keyed by queue id (an empty
// list for a queue without options), read with one query and built in memory.
func Trees(ctx context.Context, db *gorm.DB, companyID int64, queueIDs ...int64) (map[int64][]Option, error) {
	out := make(map[int64][]Option, len(queueIDs))
	for _, id := range queueIDs {
		out[id] = []Option{}
	}
	if len(queueIDs) == 0 {
		return out, nil
	}
	var rows []Option
	err := db.WithContext(ctx).Where("company_id = ? AND queue_id IN ?", companyID, queueIDs).
		Order("id").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	kids := childrenOf(rows)
	for _, r := range rows {
		if r.ParentID == nil {
			out[r.QueueID] = append(out[r.QueueID], withChildren(r, kids))
		}
	}
	return out, nil
}

// childrenOf groups rows by parent id.
func childrenOf(rows []Option) map[int64][]Option {
	kids := map[int64][]Option{}
	for _, r := range rows {
		if r.ParentID != nil {
			kids[*r.ParentID] = append(kids[*r.ParentID], r)
		}
	}
	return kids
}

// withChildren returns o with its subtree. Options never move, so parents always precede
// their children and the tree has no cycle.
func withChildren(o Option, kids map[int64][]Option) Option {
	o.Options = make([]Option, 0, len(kids[o.ID]))
	for _, k := range kids[o.ID] {
		o.Options = append(o.Options, withChildren(k, kids))
	}
	return o
}

// GetOption returns one option of the company with its subtree.
func (s Service) GetOption(ctx context.Context, id int64) (Option, error) {
	o, err := tenant.Get[Option](ctx, s.DB, id, ErrOptionNotFound)
	if err != nil {
		return Option{}, err
	}
	var rows []Option
	err = s.DB.WithContext(ctx).Where("company_id = ? AND queue_id = ?", o.CompanyID, o.QueueID).
		Order("id").Find(&rows).Error
	return withChildren(o, childrenOf(rows)), err
}

// CreateOption adds an option to a queue of the company, at the first level or under
// parentId (an option of the same queue, which then needs a message).
func (s Service) CreateOption(ctx context.Context, in OptionInput) (Option, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Option{}, err
	}
	o := Option{CompanyID: companyID, QueueID: in.QueueID.Value, ParentID: in.ParentID.Of()}
	v := errs.Validation{}
	if !in.QueueID.Valid {
		v.Add("queueId", validate.MsgRequired)
	}
	in.apply(v, &o, true)
	if err := v.Err(); err != nil {
		return Option{}, err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The queue row is locked (not against tickets' key-share checks): option creates of
		// one queue run one at a time, so the limit holds.
		if ok, err := lockedRow(tx, "queues", companyID, o.QueueID, "NO KEY UPDATE"); err != nil || !ok {
			return orInvalid(err, "queueId", msgBadQueue)
		}
		if err := checkParent(tx, o); err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Option{}).Where("queue_id = ?", o.QueueID).Count(&n).Error; err != nil {
			return err
		}
		if n >= MaxOptions {
			return ErrOptionLimit
		}
		if err := checkTargets(tx, o); err != nil {
			return err
		}
		return tx.Omit("Options").Create(&o).Error
	})
	if err != nil {
		return Option{}, err
	}
	o.Options = []Option{}
	s.optionsChanged(ctx, o.CompanyID, o.QueueID)
	return o, nil
}

// checkParent requires the parent to be an option of the same queue with a message (the
// text shown before its sub-options). The parent stays locked until the commit.
func checkParent(tx *gorm.DB, o Option) error {
	if o.ParentID == nil {
		return nil
	}
	var p Option
	err := tx.Clauses(clause.Locking{Strength: "SHARE"}).
		Where("id = ? AND company_id = ? AND queue_id = ?", *o.ParentID, o.CompanyID, o.QueueID).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return errs.Validation{"parentId": msgBadParent}.Err()
	}
	if err != nil {
		return err
	}
	if strings.TrimSpace(p.GreetingMessage) == "" {
		return errs.Validation{"parentId": msgNextLevel}.Err()
	}
	return nil
}

// UpdateOption changes an option's fields (never its queue or parent).
func (s Service) UpdateOption(ctx context.Context, id int64, in OptionInput) (Option, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Option{}, err
	}
	var o Option
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Locked, so a sub-option created meanwhile (which share-locks it) is counted below.
		err := tx.Clauses(clause.Locking{Strength: "NO KEY UPDATE"}).
			Where("id = ? AND company_id = ?", id, companyID).Take(&o).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrOptionNotFound
		}
		if err != nil {
			return err
		}
		v := errs.Validation{}
		if in.apply(v, &o, false); v.Err() != nil {
			return v.Err()
		}
		if strings.TrimSpace(o.GreetingMessage) == "" {
			var kids int64
			if err := tx.Model(&Option{}).Where("parent_id = ?", o.ID).Count(&kids).Error; err != nil {
				return err
			}
			if kids > 0 {
				return errs.Validation{"greetingMessage": msgNextLevel}.Err()
			}
		}
		if err := checkTargets(tx, o); err != nil {
			return err
		}
		o.UpdatedAt = time.Now()
		return tx.Model(&Option{}).Where("id = ?", o.ID).
			Select("name", "greeting_message", "queue_type", "close_ticket", "opt_queue_id", "opt_user_id",
				"opt_integration_id", "opt_file_id", "updated_at").Updates(&o).Error
	})
	if err != nil {
		return Option{}, err
	}
	s.optionsChanged(ctx, o.CompanyID, o.QueueID)
	return s.GetOption(ctx, id)
}

// DeleteOption removes an option and its subtree (the foreign key cascades).
func (s Service) DeleteOption(ctx context.Context, id int64) error {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return err
	}
	var gone []Option
	res := q.Clauses(clause.Returning{}).Where("id = ?", id).Delete(&gone)
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrOptionNotFound
	}
	if res.Error == nil {
		s.optionsChanged(ctx, gone[0].CompanyID, gone[0].QueueID)
	}
	return res.Error
}

// optionsChanged tells the company's open queue dialogs that a queue's option tree changed.
func (s Service) optionsChanged(ctx context.Context, companyID, queueID int64) {
	s.publish(ctx, companyID, map[string]any{"action": "options", "queueId": queueID})
}

// checkTargets requires the queue, user and file list an option points at to be the
// company's, and keeps them (key-share locked) until the commit.
func checkTargets(tx *gorm.DB, o Option) error {
	for _, t := range []struct {
		id           *int64
		table, field string
		msg          string
	}{{o.OptQueueID, "queues", "optQueueId", msgBadQueue}, {o.OptUserID, "users", "optUserId", msgBadUser},
		{o.OptFileID, "files", "optFileId", msgBadFileList},
		{o.OptIntegrationID, "queue_integrations", "optIntegrationId", integration.MsgBadIntegration}} {
		if t.id == nil {
			continue
		}
		if ok, err := lockedRow(tx, t.table, o.CompanyID, *t.id, "KEY SHARE"); err != nil || !ok {
			return orInvalid(err, t.field, t.msg)
		}
	}
	return nil
}

// lockedRow reports whether table has the company's row id, locking it with strength.
// table and strength are constants of this package.
func lockedRow(tx *gorm.DB, table string, companyID, id int64, strength string) (bool, error) {
	var ids []int64
	err := tx.Raw("SELECT id FROM "+table+" WHERE id = ? AND company_id = ? FOR "+strength, id, companyID).
		Scan(&ids).Error
	return len(ids) == 1, err
}

// orInvalid is err, or (when nil) a validation error on field.
func orInvalid(err error, field, msg string) error {
	if err != nil {
		return err
	}
	return errs.Validation{field: msg}.Err()
}
