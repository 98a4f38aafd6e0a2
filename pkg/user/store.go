package user

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/plan"
	"atende/pkg/queue"
)

// ErrBadQueue refuses a queue that isn't the company's.
var ErrBadQueue = queue.ErrInvalid

// decorate fills queues and the avatar URL of users with one query (no N+1).
func (s Service) decorate(ctx context.Context, users []User) error {
	ids := make([]int64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	linked, err := queue.Linked(ctx, s.DB, "user_queues", "user_id", ids)
	if err != nil {
		return err
	}
	for i := range users {
		users[i].Queues = linked[users[i].ID]
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
	return queue.SetLinks(tx, companyID, "user_queues", "user_id", userID, *ids)
}

// checkUserLimit locks the company row so two concurrent creates can't both pass the limit.
func checkUserLimit(tx *gorm.DB, companyID int64) error {
	_, err := plan.CheckLimit(tx, companyID, "users", func(p plan.Plan) int { return p.Users }, errs.ErrUserLimit)
	return err
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

// FindSignedIn loads a user with their queue ids in one query: every signed-in request
// needs both (ticket and message visibility), and one round trip fewer shows in the tail.
func FindSignedIn(ctx context.Context, db *gorm.DB, id int64) (User, error) {
	var row struct {
		User
		QueueList string
	}
	err := db.WithContext(ctx).Raw(`SELECT u.*, coalesce((SELECT string_agg(q.queue_id::text, ',')
		FROM user_queues q WHERE q.user_id = u.id), '') AS queue_list FROM users u WHERE u.id = ?`, id).Scan(&row).Error
	if err == nil && row.ID == 0 {
		err = gorm.ErrRecordNotFound
	}
	u := row.User
	u.QueueIDs = []int64{}
	for _, s := range strings.Split(row.QueueList, ",") {
		if q, err := strconv.ParseInt(s, 10, 64); err == nil {
			u.QueueIDs = append(u.QueueIDs, q)
		}
	}
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
