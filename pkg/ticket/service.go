package ticket

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Settings is what the service reads of the company settings (setting.Service).
type Settings interface {
	Value(ctx context.Context, key string) string
}

// Service runs what attendants do with tickets: list, open, accept, transfer, close,
// reopen, create, tag, note. It commits first, then sends automatic messages and
// publishes events.
type Service struct {
	DB        *gorm.DB
	Events    realtime.Publisher
	Settings  Settings
	Messenger Messenger
}

// Errors of the ticket rules (codes of the spec's catalogue, or ours in its style).
var (
	ErrRequiredTag   = errs.New(http.StatusBadRequest, "ERR_REQUIRED_TAG", "Adicione uma tag ao contato antes de encerrar o ticket.")
	ErrBadTransition = errs.New(http.StatusBadRequest, "ERR_INVALID_STATUS_CHANGE", "Mudança de status não permitida para este ticket.")
	ErrNoContact     = errs.New(http.StatusNotFound, "ERR_NO_CONTACT_FOUND", "Nenhum contato encontrado com este ID.")
	ErrNoQueue       = errs.New(http.StatusNotFound, "ERR_NO_QUEUE_FOUND", "Nenhuma fila encontrada com este ID.")
	ErrNoTag         = errs.New(http.StatusNotFound, "ERR_NO_TAG_FOUND", "Nenhuma tag encontrada com este ID.")
)

// Conflict is the owner-conflict answer (spec/1 §4): the ticket that already holds the
// contact or was taken by another attendant, as JSON text in the error message, so the
// web app can name its user and queue and open it.
type Conflict struct {
	ID     int64    `json:"id"`
	UUID   string   `json:"uuid"`
	Status string   `json:"status"`
	UserID *int64   `json:"userId"`
	User   *nameRef `json:"user"`
	Queue  *nameRef `json:"queue"`
}

type nameRef struct {
	Name string `json:"name"`
}

// conflictError builds the 409 ERR_OTHER_OPEN_TICKET naming t's user and queue.
func conflictError(ctx context.Context, db *gorm.DB, t Ticket) error {
	c := Conflict{ID: t.ID, UUID: t.UUID, Status: t.Status, UserID: t.UserID}
	var names struct{ UserName, QueueName *string }
	err := db.WithContext(ctx).Raw(`SELECT (SELECT name FROM users WHERE id = ?) AS user_name,
		(SELECT name FROM queues WHERE id = ?) AS queue_name`, t.UserID, t.QueueID).Scan(&names).Error
	if err != nil {
		return err
	}
	if names.UserName != nil {
		c.User = &nameRef{*names.UserName}
	}
	if names.QueueName != nil {
		c.Queue = &nameRef{*names.QueueName}
	}
	b, _ := json.Marshal(c)
	return errs.New(http.StatusConflict, "ERR_OTHER_OPEN_TICKET", string(b))
}

// lock reads one ticket of the context's company and holds its row until tx ends.
func lock(ctx context.Context, tx *gorm.DB, id int64) (Ticket, error) {
	q, err := tenant.Scope(ctx, tx)
	if err != nil {
		return Ticket{}, err
	}
	var t Ticket
	err = q.Clauses(lockForUpdate).Take(&t, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Ticket{}, ErrNotFound
	}
	return t, err
}

// visible loads a ticket the user may see: another company's is not found, one of the
// company the user may not see is refused.
func (s Service) visible(ctx context.Context, me user.User, id int64) (Ticket, viewer, error) {
	return s.visibleBy(ctx, me, func() (Ticket, error) { return Get(ctx, s.DB, id) })
}

func (s Service) visibleBy(ctx context.Context, me user.User, load func() (Ticket, error)) (Ticket, viewer, error) {
	v, err := s.viewer(ctx, me)
	if err != nil {
		return Ticket{}, v, err
	}
	t, err := load()
	if err != nil {
		return Ticket{}, v, err
	}
	if !v.canSee(t) {
		return Ticket{}, v, errs.ErrNoPermission
	}
	return t, v, nil
}

// exists reports whether table has row id in the context's company.
func exists(ctx context.Context, db *gorm.DB, table string, id int64) (bool, error) {
	q, err := tenant.Scope(ctx, db)
	if err != nil {
		return false, err
	}
	var n int64
	err = q.Table(table).Where("id = ?", id).Limit(1).Count(&n).Error
	return n > 0, err
}

// must returns notFound unless row id of table is the company's.
func must(ctx context.Context, db *gorm.DB, table string, id int64, notFound error) error {
	ok, err := exists(ctx, db, table, id)
	if err == nil && !ok {
		return notFound
	}
	return err
}

func (s Service) enabled(ctx context.Context, key string) bool {
	return s.Settings.Value(ctx, key) == "enabled"
}
