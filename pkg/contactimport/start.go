package contactimport

import (
	"context"
	"time"

	"atende/pkg/importjob"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// StartInput is the mapping and row selection of an uploaded import.
type StartInput struct {
	Mapping   Mapping   `json:"mapping"`
	Selection Selection `json:"selection"`
}

// Start checks an uploaded import's mapping and selection and queues it. Refused input
// writes nothing; an import starts once.
func (s Service) Start(ctx context.Context, id int64, in StartInput) (Import, error) {
	im, err := s.Get(ctx, id)
	if err != nil {
		return Import{}, err
	}
	if im.Status != StatusUploaded {
		return Import{}, ErrNotWaiting
	}
	if err := in.Mapping.check(len(im.Header)); err != nil {
		return Import{}, err
	}
	if err := in.Selection.check(); err != nil {
		return Import{}, err
	}
	im.Mapping, im.Selection, im.Status = in.Mapping, in.Selection, StatusPending
	res := s.DB.WithContext(ctx).Model(&Import{}).Where("id = ? AND status = ?", im.ID, StatusUploaded).
		Select("mapping", "selection", "status", "updated_at").
		Updates(&Import{Mapping: im.Mapping, Selection: im.Selection, State: importjob.State{Status: StatusPending, UpdatedAt: time.Now()}})
	if res.Error != nil {
		return Import{}, res.Error
	}
	if res.RowsAffected == 0 {
		return Import{}, ErrNotWaiting
	}
	if err := s.enqueue(ctx, im); err != nil {
		s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", im.ID).Update("status", StatusUploaded)
		return Import{}, err
	}
	return im, nil
}

func (s Service) enqueue(ctx context.Context, im Import) error {
	t, err := tasks.NewContactImport(im.CompanyID, im.ID)
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.Queue, t)
}

// Get returns one import of the company.
func (s Service) Get(ctx context.Context, id int64) (Import, error) {
	im, err := tenant.Get[Import](ctx, s.DB, id, ErrNotFound)
	im.Explain(fileErrors)
	return im, err
}

// List returns the company's latest started imports, newest first.
func (s Service) List(ctx context.Context) ([]Import, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	out := []Import{}
	err = q.Where("status <> ?", StatusUploaded).Order("id DESC").Limit(10).Find(&out).Error
	for i := range out {
		out[i].Explain(fileErrors)
	}
	return out, err
}

// Requeue queues again the imports a lost queue stranded (not moved for grace). A task
// still known to asynq makes its re-enqueue a no-op.
func (s Service) Requeue(ctx context.Context, grace time.Duration) error {
	var ims []Import
	err := s.DB.WithContext(ctx).Where("status IN ? AND updated_at < ?", []string{StatusPending, StatusReading},
		time.Now().Add(-grace)).Order("id").Limit(100).Find(&ims).Error
	for _, im := range ims {
		_ = s.enqueue(ctx, im)
	}
	return err
}
