package tenants

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/tasks"
)

// purgeBatch is how many rows one delete statement takes: short transactions, so the
// company's deletion never holds locks the other tenants wait on.
const purgeBatch = 5000

// first are the tables emptied before the others: the biggest, whose rows the others'
// cascades would otherwise drag into one long statement.
var first = []string{"messages", "tickets", "contacts"}

// Delete marks a company as being deleted (its users are refused from now on) and queues
// its deletion. Asking again while it runs queues nothing new.
func (s Service) Delete(ctx context.Context, id int64) (Summary, error) {
	if id == company.MainID {
		return Summary{}, ErrMainCompany
	}
	res := s.DB.WithContext(ctx).Exec(`UPDATE companies SET deleting_at = coalesce(deleting_at, now()),
		updated_at = now() WHERE id = ?`, id)
	if res.Error != nil {
		return Summary{}, res.Error
	}
	if res.RowsAffected == 0 {
		return Summary{}, errs.ErrNoCompany
	}
	t, err := tasks.NewCompanyDelete(id)
	if err == nil {
		err = tasks.Enqueue(ctx, s.Queue, t)
	}
	if err != nil {
		return Summary{}, err
	}
	return s.Get(ctx, id)
}

// Purge deletes a company marked by Delete with everything it owns: its channel sessions
// are logged out, its rows go table by table in batches (the progress is written after
// each table), then its media folder, its row and its custom plan. A retry goes on where a
// try stopped.
func (s Service) Purge(ctx context.Context, id int64) error {
	var c company.Company
	err := s.DB.WithContext(ctx).Select("id, deleting_at").Take(&c, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && c.DeletingAt == nil {
		return nil // gone already, or never asked for
	}
	if err != nil {
		return err
	}
	if s.Sessions != nil {
		if err := s.Sessions.StopCompany(ctx, id); err != nil {
			return err
		}
	}
	tables, err := s.tenantTables(ctx)
	if err != nil {
		return err
	}
	for i, table := range tables {
		if err := s.purgeTable(ctx, table, id); err != nil {
			return fmt.Errorf("purge %s: %w", table, err)
		}
		progress := (i + 1) * 100 / (len(tables) + 1)
		if err := s.DB.WithContext(ctx).Exec("UPDATE companies SET delete_progress = greatest(delete_progress, ?) WHERE id = ?",
			progress, id).Error; err != nil {
			return err
		}
	}
	if s.MediaDir != "" {
		if err := os.RemoveAll(companyDir(s.MediaDir, id)); err != nil {
			return err
		}
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var custom []int64 // its custom plan (billing): the company's, unless another is on it
		if err := tx.Raw("SELECT id FROM plans WHERE custom_company_id = ?", id).Scan(&custom).Error; err != nil {
			return err
		}
		if err := tx.Exec("DELETE FROM companies WHERE id = ?", id).Error; err != nil || len(custom) == 0 {
			return err
		}
		return tx.Exec(`DELETE FROM plans p WHERE p.id IN ? AND NOT EXISTS (SELECT 1 FROM companies c WHERE c.plan_id = p.id)`,
			custom).Error
	})
}

// tenantTables lists the tables holding a company_id, the biggest first.
func (s Service) tenantTables(ctx context.Context) ([]string, error) {
	var names []string
	err := s.DB.WithContext(ctx).Raw(`SELECT table_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND column_name = 'company_id' AND table_name <> 'companies'
		ORDER BY table_name`).Scan(&names).Error
	slices.SortStableFunc(names, func(a, b string) int { return rank(a) - rank(b) })
	return names, err
}

func rank(table string) int {
	if i := slices.Index(first, table); i >= 0 {
		return i
	}
	return len(first)
}

func (s Service) purgeTable(ctx context.Context, table string, id int64) error {
	stmt := fmt.Sprintf(`DELETE FROM %q WHERE ctid = ANY(ARRAY(SELECT ctid FROM %q WHERE company_id = ? LIMIT ?))`,
		table, table)
	for {
		res := s.DB.WithContext(ctx).Exec(stmt, id, purgeBatch)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected < purgeBatch {
			return nil
		}
	}
}

// companyDir is the company's folder under the storage root (storage.Store.Save).
func companyDir(root string, id int64) string {
	return filepath.Join(root, fmt.Sprintf("company%d", id))
}

// MeasureFolder walks the company's media folder and stores its size in bytes and its
// number of files (the table shows the last measure and when it was taken).
func (s Service) MeasureFolder(ctx context.Context, id int64) (Summary, error) {
	if _, err := s.Get(ctx, id); err != nil {
		return Summary{}, err
	}
	var size int64
	var files int
	err := filepath.WalkDir(companyDir(s.MediaDir, id), func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // nothing stored yet
			}
			return err
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return nil // removed while walked
			}
			size += info.Size()
			files++
		}
		return ctx.Err()
	})
	if err != nil {
		return Summary{}, err
	}
	if err := s.DB.WithContext(ctx).Exec(`UPDATE companies SET folder_size = ?, file_count = ?,
		folder_updated_at = ? WHERE id = ?`, size, files, time.Now(), id).Error; err != nil {
		return Summary{}, err
	}
	return s.Get(ctx, id)
}
