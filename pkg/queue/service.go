package queue

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/filelist"
	"atende/pkg/hours"
	"atende/pkg/integration"
	"atende/pkg/plan"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// Service manages the queues of the context's company.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
	// Settings reads company settings (scheduleType); nil reads every key as unset.
	Settings Settings
}

// Settings is what the queues read of the company settings.
type Settings interface {
	Value(ctx context.Context, key string) string
}

// List returns every queue of the company in display order.
func (s Service) List(ctx context.Context) ([]Queue, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	queues := []Queue{}
	return queues, q.Order("order_queue, name, id").Find(&queues).Error
}

// Get returns one queue of the company.
func (s Service) Get(ctx context.Context, id int64) (Queue, error) {
	return tenant.Get[Queue](ctx, s.DB, id, ErrNotFound)
}

// Detail returns one queue of the company with its option tree.
func (s Service) Detail(ctx context.Context, id int64) (Detail, error) {
	q, err := s.Get(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	trees, err := Trees(ctx, s.DB, q.CompanyID, q.ID)
	return Detail{Queue: q, Chatbots: trees[q.ID]}, err
}

// Create adds a queue, within the plan's queue limit.
func (s Service) Create(ctx context.Context, in Input) (Queue, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Queue{}, err
	}
	q := Queue{CompanyID: companyID, Schedules: hours.Schedules{}}
	if err := in.apply(&q, true); err != nil {
		return Queue{}, err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := plan.CheckLimit(tx, companyID, "queues", func(p plan.Plan) int { return p.Queues }, ErrLimit); err != nil {
			return err
		}
		if err := s.check(ctx, tx, q); err != nil {
			return err
		}
		return tx.Create(&q).Error
	})
	if err != nil {
		return Queue{}, err
	}
	s.publish(ctx, companyID, map[string]any{"action": "create", "queue": q})
	return q, nil
}

// Update changes a queue of the company.
func (s Service) Update(ctx context.Context, id int64, in Input) (Queue, error) {
	q, err := s.Get(ctx, id)
	if err != nil {
		return Queue{}, err
	}
	if err := in.apply(&q, false); err != nil {
		return Queue{}, err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := plan.LockForCompany(tx, q.CompanyID); err != nil {
			return err
		}
		if err := s.check(ctx, tx, q); err != nil {
			return err
		}
		q.UpdatedAt = time.Now()
		return tx.Model(&Queue{}).Where("id = ? AND company_id = ?", q.ID, q.CompanyID).
			Select("name", "color", "order_queue", "greeting_message", "out_of_hours_message",
				"close_ticket", "ativar_roteador", "tempo_roteador", "schedules", "integration_id",
				"file_list_id", "updated_at").Updates(&q).Error
	})
	if err != nil {
		return Queue{}, err
	}
	s.publish(ctx, q.CompanyID, map[string]any{"action": "update", "queue": q})
	return q, nil
}

// Delete removes a queue; tickets keep existing without a queue and connections stop
// redirecting to it.
func (s Service) Delete(ctx context.Context, id int64) error {
	q, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`UPDATE connections SET send_id_queue = NULL, time_send_queue = 0
			WHERE company_id = ? AND send_id_queue = ?`, q.CompanyID, id).Error; err != nil {
			return err
		}
		if err := tx.Exec(`UPDATE connections SET queue_id_import_messages = NULL
			WHERE company_id = ? AND queue_id_import_messages = ?`, q.CompanyID, id).Error; err != nil {
			return err
		}
		return tx.Where("company_id = ?", q.CompanyID).Delete(&Queue{}, id).Error
	})
	if err != nil {
		return err
	}
	s.publish(ctx, q.CompanyID, map[string]any{"action": "delete", "queueId": id})
	return nil
}

// check runs the rules that read other rows: the file list is the company's, the
// out-of-hours message exists when queues keep the hours, and checkUnique's.
func (s Service) check(ctx context.Context, tx *gorm.DB, q Queue) error {
	if q.FileListID != nil {
		ok, err := filelist.Owned(tx, q.CompanyID, *q.FileListID)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Validation{"fileListId": msgBadFileList}.Err()
		}
	}
	if q.IntegrationID != nil {
		ok, err := integration.Owned(tx, q.CompanyID, *q.IntegrationID)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Validation{"integrationId": integration.MsgBadIntegration}.Err()
		}
	}
	if strings.TrimSpace(q.OutOfHoursMessage) == "" && s.Settings != nil && s.Settings.Value(ctx, "scheduleType") == "queue" {
		return errs.Validation{"outOfHoursMessage": msgOutOfHoursRequired}.Err()
	}
	return checkUnique(tx, q)
}

// checkUnique enforces the unique colour and name, and the greeting rule: once the company
// has more than one queue, every queue saved needs a greeting. The company row is locked.
func checkUnique(tx *gorm.DB, q Queue) error {
	var others []Queue
	if err := tx.Where("company_id = ? AND id <> ?", q.CompanyID, q.ID).Find(&others).Error; err != nil {
		return err
	}
	for _, o := range others {
		if strings.EqualFold(o.Color, q.Color) {
			return ErrColorExists
		}
		if strings.EqualFold(o.Name, q.Name) {
			return ErrNameExists
		}
	}
	if len(others) > 0 && strings.TrimSpace(q.GreetingMessage) == "" {
		return ErrGreetingRequired
	}
	return nil
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "queue", data))
	}
}
