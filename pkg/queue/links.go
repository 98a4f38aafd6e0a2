package queue

import (
	"context"

	"gorm.io/gorm"
)

// Owned fails with ErrInvalid unless every id is a queue of the company.
func Owned(tx *gorm.DB, companyID int64, ids []int64) error {
	ids = uniq(ids)
	if len(ids) == 0 {
		return nil
	}
	var n int64
	if err := tx.Table("queues").Where("company_id = ? AND id IN ?", companyID, ids).Count(&n).Error; err != nil {
		return err
	}
	if int(n) != len(ids) {
		return ErrInvalid
	}
	return nil
}

// SetLinks replaces the queues of one owner row in a join table (user_queues with
// user_id, connection_queues with connection_id) after checking they are the company's.
func SetLinks(tx *gorm.DB, companyID int64, table, ownerCol string, ownerID int64, ids []int64) error {
	if err := Owned(tx, companyID, ids); err != nil {
		return err
	}
	err := tx.Exec("DELETE FROM "+table+" WHERE "+ownerCol+" = ? AND company_id = ?", ownerID, companyID).Error
	if err != nil {
		return err
	}
	for _, q := range uniq(ids) {
		err := tx.Exec("INSERT INTO "+table+" ("+ownerCol+", queue_id, company_id) VALUES (?, ?, ?)",
			ownerID, q, companyID).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// Linked returns the queues of each owner in a join table, ordered as the queue list is,
// with one query (no N+1). Owners without queues get an empty list.
func Linked(ctx context.Context, db *gorm.DB, table, ownerCol string, ownerIDs []int64) (map[int64][]Ref, error) {
	out := make(map[int64][]Ref, len(ownerIDs))
	for _, id := range ownerIDs {
		out[id] = []Ref{}
	}
	if len(ownerIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		Owner int64
		Ref
	}
	err := db.WithContext(ctx).Table(table+" l").
		Select("l."+ownerCol+" AS owner, q.id, q.name, q.color").
		Joins("JOIN queues q ON q.id = l.queue_id AND q.company_id = l.company_id").
		Where("l."+ownerCol+" IN ?", ownerIDs).Order("q.order_queue, q.name").Scan(&rows).Error
	for _, r := range rows {
		out[r.Owner] = append(out[r.Owner], r.Ref)
	}
	return out, err
}

func uniq(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := []int64{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
