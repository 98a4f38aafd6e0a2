package ticket

import (
	"context"
	"slices"

	"gorm.io/gorm"

	"atende/pkg/user"
)

// CanSee reports whether u may open t (spec/1 §6): admins and allUserChat users see every
// ticket of their company (the lists show admins the tickets without a queue too:
// viewer.noQueue); others see their own tickets and those of their queues (tickets without
// a queue need allTicket; groups need allowGroup, and then those of the group tab need no
// queue).
func CanSee(u user.User, queueIDs []int64, t Ticket) bool {
	if t.CompanyID != u.CompanyID {
		return false
	}
	if u.IsAdmin() || u.On("allUserChat") {
		return true
	}
	if t.UserID != nil && *t.UserID == u.ID {
		return true
	}
	if t.IsGroup && !u.AllowGroup {
		return false
	}
	if t.QueueID == nil {
		return u.On("allTicket") || t.Status == StatusGroup
	}
	return slices.Contains(queueIDs, *t.QueueID)
}

// QueueIDs returns the queues of u: those read with the signed-in user, or from the table.
func QueueIDs(ctx context.Context, db *gorm.DB, u user.User) ([]int64, error) {
	if u.QueueIDs != nil {
		return u.QueueIDs, nil
	}
	var ids []int64
	err := db.WithContext(ctx).Table("user_queues").Where("user_id = ?", u.ID).Pluck("queue_id", &ids).Error
	return ids, err
}
