package user

import (
	"context"
	"errors"
	"net/http"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
)

// ErrBadQueue refuses a queue that isn't the company's.
var ErrBadQueue = errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Fila inválida.")

// decorate fills queues and the avatar URL of users with one query (no N+1).
func (s Service) decorate(ctx context.Context, users []User) error {
	if len(users) == 0 {
		return nil
	}
	ids := make([]int64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	var rows []struct {
		UserID int64
		QueueRef
	}
	err := s.DB.WithContext(ctx).Table("user_queues uq").
		Select("uq.user_id, q.id, q.name, q.color").
		Joins("JOIN queues q ON q.id = uq.queue_id AND q.company_id = uq.company_id").
		Where("uq.user_id IN ?", ids).Order("q.order_queue, q.name").Scan(&rows).Error
	if err != nil {
		return err
	}
	byUser := map[int64][]QueueRef{}
	for _, r := range rows {
		byUser[r.UserID] = append(byUser[r.UserID], r.QueueRef)
	}
	for i := range users {
		users[i].Queues = byUser[users[i].ID]
		if users[i].Queues == nil {
			users[i].Queues = []QueueRef{}
		}
		if users[i].ProfileImage != "" && s.Media != nil {
			url := s.Media.URL(users[i].ProfileImage)
			users[i].ProfileImageURL = &url
		}
	}
	return nil
}

func setQueues(tx *gorm.DB, companyID, userID int64, ids *[]int64) error {
	if ids == nil {
		return nil
	}
	if len(*ids) > 0 {
		var n int64
		if err := tx.Table("queues").Where("company_id = ? AND id IN ?", companyID, *ids).Count(&n).Error; err != nil {
			return err
		}
		if int(n) != len(uniq(*ids)) {
			return ErrBadQueue
		}
	}
	if err := tx.Exec("DELETE FROM user_queues WHERE user_id = ? AND company_id = ?", userID, companyID).Error; err != nil {
		return err
	}
	for _, q := range uniq(*ids) {
		if err := tx.Exec("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES (?, ?, ?)",
			userID, q, companyID).Error; err != nil {
			return err
		}
	}
	return nil
}

func uniq(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// checkUserLimit locks the company row so two concurrent creates can't both pass the limit.
func checkUserLimit(tx *gorm.DB, companyID int64) error {
	var limit struct{ Users int }
	err := tx.Raw(`SELECT p.users FROM companies c JOIN plans p ON p.id = c.plan_id
		WHERE c.id = ? FOR UPDATE OF c`, companyID).Scan(&limit).Error
	if err != nil {
		return err
	}
	var n int64
	if err := tx.Model(&User{}).Where("company_id = ?", companyID).Count(&n).Error; err != nil {
		return err
	}
	if int(n) >= limit.Users {
		return errs.ErrUserLimit
	}
	return nil
}

func emailFree(tx *gorm.DB, email string, exceptID int64) error {
	var id int64
	err := tx.Model(&User{}).Select("id").Where("lower(email) = ? AND id <> ?", email, exceptID).Take(&id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err == nil {
		return errs.ErrEmailExists
	}
	return err
}

// FindByEmail returns the user with email in any company (sign-in is by e-mail alone).
func FindByEmail(ctx context.Context, db *gorm.DB, email string) (User, error) {
	var u User
	err := db.WithContext(ctx).Where("lower(email) = lower(?)", email).Take(&u).Error
	return u, err
}

// FindByID loads a user by id in any company; only the auth layer uses it, to resolve a token.
func FindByID(ctx context.Context, db *gorm.DB, id int64) (User, error) {
	var u User
	err := db.WithContext(ctx).Take(&u, id).Error
	return u, err
}

// Presence marks users online and offline.
type Presence struct {
	DB *gorm.DB
}

// Seen marks a user online now; it reports whether the user was offline before.
func (p Presence) Seen(ctx context.Context, companyID, userID int64) (bool, error) {
	var wasOffline bool
	err := p.DB.WithContext(ctx).Raw(`UPDATE users u SET last_seen_at = now(), online = true
		FROM (SELECT id, online FROM users WHERE id = ? AND company_id = ?) old
		WHERE u.id = old.id RETURNING NOT old.online`, userID, companyID).Scan(&wasOffline).Error
	return wasOffline, err
}

// MarkIdleOffline sets offline every user not seen for idle and returns them.
func (p Presence) MarkIdleOffline(ctx context.Context, idle time.Duration) ([]User, error) {
	var users []User
	err := p.DB.WithContext(ctx).Raw(`UPDATE users SET online = false, updated_at = now()
		WHERE online AND (last_seen_at IS NULL OR last_seen_at < ?) RETURNING *`,
		time.Now().Add(-idle)).Scan(&users).Error
	return users, err
}
