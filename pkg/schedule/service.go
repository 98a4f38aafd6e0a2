package schedule

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/channel"
	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/mediause"
	"atende/pkg/message"
	"atende/pkg/page"
	"atende/pkg/queue"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Why a message written for a send never made is marked failed.
const (
	MsgChanged = "Agendamento alterado antes do envio."
	MsgDeleted = "Agendamento excluído antes do envio."
)

// RangePageSize is the page size of a calendar's date range (start and end given).
const RangePageSize = 500

// Media signs and removes stored files.
type Media interface {
	URL(rel string) string
	Remove(rel string) error
}

// Service manages the schedules of the context's company and fires them (the worker).
type Service struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Queue    tasks.Enqueuer
	Media    Media
	Delivery message.Delivery // sends a schedule's messages stored in its ticket
	Channels channel.Registry // sends a schedule's message not stored (openTicket off)
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

func (s Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Query is GET /schedules: a search of body or contact name, one contact, a calendar's
// date range [Start, End), and the page.
type Query struct {
	Search     string
	ContactID  int64
	Start, End *time.Time
	PageNumber int
}

// Page is one page of schedules, by sendAt.
type Page struct {
	Schedules []Schedule `json:"schedules"`
	HasMore   bool       `json:"hasMore"`
}

// List returns one page of the company's schedules.
func (s Service) List(ctx context.Context, in Query) (Page, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Page{}, err
	}
	companyID, _ := tenant.CompanyID(ctx)
	q = q.Model(&Schedule{})
	if search := strings.ToLower(strings.TrimSpace(in.Search)); search != "" {
		like := page.Like(search)
		q = q.Where("(lower(body) LIKE ? OR contact_id IN (SELECT id FROM contacts WHERE company_id = ? AND lower(name) LIKE ?))",
			like, companyID, like)
	}
	if in.ContactID > 0 {
		q = q.Where("contact_id = ?", in.ContactID)
	}
	size := page.Size
	if in.Start != nil && in.End != nil {
		q, size = q.Where("send_at >= ? AND send_at < ?", *in.Start, *in.End), RangePageSize
	}
	p := Page{Schedules: []Schedule{}}
	if p.HasMore, err = page.Find(q.Order("send_at, id"), in.PageNumber, size, &p.Schedules); err != nil {
		return Page{}, err
	}
	return p, s.decorate(ctx, p.Schedules)
}

// Get returns one schedule of the company.
func (s Service) Get(ctx context.Context, id int64) (Schedule, error) {
	sc, err := tenant.Get[Schedule](ctx, s.DB, id, ErrNotFound)
	if err != nil {
		return sc, err
	}
	one := []Schedule{sc}
	err = s.decorate(ctx, one)
	return one[0], err
}

// Create adds a schedule made by me, with the stored file rel (named name; none when
// rel is ""), and plans its first send.
func (s Service) Create(ctx context.Context, me user.User, in Input, rel, name string) (Schedule, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Schedule{}, err
	}
	loc, err := company.TenantZone(ctx, s.DB)
	if err != nil {
		return Schedule{}, err
	}
	sc := defaults()
	sc.CompanyID, sc.UserID, sc.MediaPath, sc.MediaName = companyID, &me.ID, rel, name
	if err := in.apply(&sc, true, loc); err != nil {
		return Schedule{}, err
	}
	if err := s.checkRefs(ctx, sc); err != nil {
		return Schedule{}, err
	}
	sc.BaseAt = sc.SendAt
	if err := s.DB.WithContext(ctx).Create(&sc).Error; err != nil {
		return Schedule{}, err
	}
	s.plan(ctx, sc)
	return s.saved(ctx, "create", sc)
}

// Update changes a schedule not sent yet. A change of its time or repetition, or a
// schedule in error, plans its next send again at sendAt. contadorEnvio keeps the sends
// made (enviarQuantasVezes is their total, decision 8): a new time or step repeats from
// sendAt, the sends left are the total less those made, and a total no greater than
// those made ends the series (ENVIADA).
func (s Service) Update(ctx context.Context, id int64, in Input) (Schedule, error) {
	loc, err := company.TenantZone(ctx, s.DB)
	if err != nil {
		return Schedule{}, err
	}
	var sc Schedule
	replanned := false
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if sc, err = s.lockEditable(ctx, tx, id); err != nil {
			return err
		}
		before := sc
		if err := in.apply(&sc, false, loc); err != nil {
			return err
		}
		if err := s.checkRefs(ctx, sc); err != nil {
			return err
		}
		if replanned = sc.Status == StatusError || timingChanged(before, sc); replanned {
			if rebased(before, sc) {
				sc.BaseAt, sc.Step = sc.SendAt, 0 // the repetitions count from the new time
			}
			sc.Status, sc.Error = StatusPending, ""
			if sc.SendsDone >= sc.EnviarQuantasVezes {
				if err := s.end(tx, &sc); err != nil {
					return err
				}
			}
			if err := dropUnsent(tx, sc.ID, MsgChanged); err != nil {
				return err
			}
		}
		sc.UpdatedAt = s.now()
		return tx.Model(&sc).Select("*").Omit("id", "created_at", "company_id", "user_id", "ticket_id", "media_path", "media_name").Updates(&sc).Error
	})
	if err != nil {
		return Schedule{}, err
	}
	if replanned {
		s.plan(ctx, sc)
	}
	return s.saved(ctx, "update", sc)
}

func timingChanged(a, b Schedule) bool {
	return !a.SendAt.Equal(b.SendAt) || a.Rule() != b.Rule()
}

// rebased: the dates of the repetitions change (a new time, unit or step). A new total or
// day rule keeps them (a monthly schedule of the 31st stays on the 31st).
func rebased(a, b Schedule) bool {
	return !a.SendAt.Equal(b.SendAt) || a.Intervalo != b.Intervalo || a.ValorIntervalo != b.ValorIntervalo
}

// end closes a schedule whose sends are all made (its total lowered to those made): ENVIADA,
// at its last send's time.
func (s Service) end(tx *gorm.DB, sc *Schedule) error {
	var last *time.Time
	if err := tx.Model(&Send{}).Select("max(sent_at)").Where("schedule_id = ?", sc.ID).Scan(&last).Error; err != nil {
		return err
	}
	if last == nil {
		now := s.now()
		last = &now
	}
	sc.Status, sc.SentAt = StatusSent, last
	return nil
}

// lockEditable locks a schedule that may still change: not sent, not being sent.
func (s Service) lockEditable(ctx context.Context, tx *gorm.DB, id int64) (Schedule, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Schedule{}, err
	}
	var sc Schedule
	err = tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("company_id = ?", companyID).Take(&sc, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return sc, ErrNotFound
	}
	if err != nil {
		return sc, err
	}
	if sc.Status == StatusSent {
		return sc, ErrSent
	}
	var busy int64
	if err := tx.Model(&Send{}).Where("schedule_id = ? AND sent_at IS NULL AND lease_until > ?", id, s.now()).
		Count(&busy).Error; err != nil {
		return sc, err
	}
	if busy > 0 {
		return sc, ErrSending
	}
	return sc, nil
}

// Delete removes a schedule, and its file unless a message it sent (or another schedule)
// still shows it; a task planned for it finds nothing to do. A send in progress is waited
// for (ErrSending): it may be reading the file. The row lock orders Delete with the sends:
// one that committed before it left its message, one after finds no schedule.
func (s Service) Delete(ctx context.Context, id int64) error {
	var sc Schedule
	used := false
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if sc, err = s.lockDeletable(ctx, tx, id); err != nil {
			return err
		}
		if err := dropUnsent(tx, id, MsgDeleted); err != nil {
			return err
		}
		if err := tx.Where("company_id = ?", sc.CompanyID).Delete(&Schedule{}, id).Error; err != nil {
			return err
		}
		used, err = mediause.InUse(tx, sc.CompanyID, sc.MediaPath)
		return err
	})
	if err != nil {
		return err
	}
	s.removeUnused(ctx, sc.MediaPath, used)
	s.publish(ctx, sc.CompanyID, map[string]any{"action": "delete", "scheduleId": id})
	return nil
}

// lockDeletable locks a schedule that no send is holding (a sent one may go).
func (s Service) lockDeletable(ctx context.Context, tx *gorm.DB, id int64) (Schedule, error) {
	sc, err := s.lockEditable(ctx, tx, id)
	if errors.Is(err, ErrSent) {
		return sc, nil
	}
	return sc, err
}

// Editable answers whether a schedule may take a new file (the api asks before storing).
func (s Service) Editable(ctx context.Context, id int64) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		_, err := s.lockEditable(ctx, tx, id)
		return err
	})
}

// SetMedia stores a schedule's file path and name; it returns the schedule and the old
// path when nothing else names that file any more (the caller removes it), else "".
func (s Service) SetMedia(ctx context.Context, id int64, rel, name string) (Schedule, string, error) {
	var sc Schedule
	var old string
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if sc, err = s.lockEditable(ctx, tx, id); err != nil {
			return err
		}
		old, sc.MediaPath, sc.MediaName, sc.UpdatedAt = sc.MediaPath, rel, name, s.now()
		if err := tx.Model(&sc).Select("media_path", "media_name", "updated_at").Updates(&sc).Error; err != nil {
			return err
		}
		used, err := mediause.InUse(tx, sc.CompanyID, old)
		if used || old == rel {
			old = ""
		}
		return err
	})
	if err != nil {
		return Schedule{}, "", err
	}
	sc, err = s.saved(ctx, "update", sc)
	return sc, old, err
}

// ClearMedia takes a schedule's file off it (and out of storage when nothing else shows it).
func (s Service) ClearMedia(ctx context.Context, id int64) (Schedule, error) {
	sc, old, err := s.SetMedia(ctx, id, "", "")
	if err == nil {
		s.removeUnused(ctx, old, false)
	}
	return sc, err
}

// checkRefs refuses a contact, connection, user or queue of another company (or none).
func (s Service) checkRefs(ctx context.Context, sc Schedule) error {
	db := s.DB.WithContext(ctx)
	v := errs.Validation{}
	owned := func(field, table string, id *int64, msg string) {
		if id == nil {
			return
		}
		var n int64
		if db.Table(table).Where("id = ? AND company_id = ?", *id, sc.CompanyID).Count(&n); n != 1 {
			v.Add(field, msg)
		}
	}
	owned("contactId", "contacts", &sc.ContactID, "Contato inválido.")
	owned("whatsappId", "connections", sc.ConnectionID, "Conexão inválida.")
	owned("ticketUserId", "users", sc.TicketUserID, "Usuário inválido.")
	if sc.QueueID != nil && queue.Owned(db, sc.CompanyID, []int64{*sc.QueueID}) != nil {
		v.Add("queueId", "Fila inválida.")
	}
	return v.Err()
}

// plan enqueues the schedule's next send at its time. When Redis refuses, the reconciler
// enqueues it once it is due.
func (s Service) plan(ctx context.Context, sc Schedule) {
	if !sc.waiting() || s.Queue == nil {
		return
	}
	t, err := tasks.NewScheduleFire(sc.fire())
	if err == nil {
		err = tasks.Enqueue(ctx, s.Queue, t)
	}
	if err != nil {
		slog.WarnContext(ctx, "schedule: not queued (the reconciler will)", "schedule_id", sc.ID, "err", err)
	}
}

func (sc Schedule) fire() tasks.ScheduleFire {
	return tasks.ScheduleFire{CompanyID: sc.CompanyID, ScheduleID: sc.ID, Occurrence: sc.SendsDone + 1, SendAt: sc.SendAt}
}

func (s Service) saved(ctx context.Context, action string, sc Schedule) (Schedule, error) {
	one := []Schedule{sc}
	if err := s.decorate(ctx, one); err != nil {
		return sc, err
	}
	s.publish(ctx, sc.CompanyID, map[string]any{"action": action, "schedule": one[0]})
	return one[0], nil
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "schedule", data))
	}
}

// decorate fills the contact, connection and creator names and the signed media URL.
func (s Service) decorate(ctx context.Context, list []Schedule) error {
	if len(list) == 0 {
		return nil
	}
	var contacts, conns, users []int64
	for _, sc := range list {
		contacts = append(contacts, sc.ContactID)
		if sc.ConnectionID != nil {
			conns = append(conns, *sc.ConnectionID)
		}
		if sc.UserID != nil {
			users = append(users, *sc.UserID)
		}
	}
	db := s.DB.WithContext(ctx)
	refs := func(table, cols string, ids []int64) (map[int64]*Ref, error) {
		out := map[int64]*Ref{}
		if len(ids) == 0 {
			return out, nil
		}
		var rows []Ref
		err := db.Table(table).Select(cols).Where("id IN ? AND company_id = ?", ids, list[0].CompanyID).Scan(&rows).Error
		for i := range rows {
			out[rows[i].ID] = &rows[i]
		}
		return out, err
	}
	// The contact by name only (spec/3): a schedule is no way around the numbers an
	// attendant may not see (lgpdHideNumber), here or in its event.
	cs, err := refs("contacts", "id, name", contacts)
	if err != nil {
		return err
	}
	ws, err := refs("connections", "id, name", conns)
	if err != nil {
		return err
	}
	us, err := refs("users", "id, name", users)
	if err != nil {
		return err
	}
	for i := range list {
		sc := &list[i]
		sc.Contact, sc.Whatsapp, sc.User, sc.MediaURL = cs[sc.ContactID], nil, nil, ""
		if sc.ConnectionID != nil {
			sc.Whatsapp = ws[*sc.ConnectionID]
		}
		if sc.UserID != nil {
			sc.User = us[*sc.UserID]
		}
		if sc.MediaPath != "" && s.Media != nil {
			sc.MediaURL = s.Media.URL(sc.MediaPath)
		}
	}
	return nil
}
