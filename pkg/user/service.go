package user

import (
	"context"
	"net/http"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// PageSize is the number of users per page of GET /users/.
const PageSize = 40

// ErrSelfDelete refuses deleting the signed-in user.
var ErrSelfDelete = errs.New(http.StatusBadRequest, "ERR_CANNOT_DELETE_SELF", "Você não pode excluir o seu próprio usuário.")

// SettingReader reads a company setting's value.
type SettingReader interface {
	Value(ctx context.Context, key string) string
}

// MediaURL turns a stored path into a signed URL.
type MediaURL interface{ URL(rel string) string }

// ConnectionChecker verifies that a connection belongs to the context's company. Until
// connections exist there is none, and any non-null whatsappId is refused.
type ConnectionChecker interface {
	Exists(ctx context.Context, id int64) bool
}

// ErrNoConnection is returned for a default connection that isn't the company's.
var ErrNoConnection = errs.New(http.StatusNotFound, "ERR_NO_WAPP_FOUND", "Nenhuma conexão encontrada com este ID.")

// Service manages users of the context's company.
type Service struct {
	DB          *gorm.DB
	Events      realtime.Publisher
	Settings    SettingReader
	Media       MediaURL
	Connections ConnectionChecker
	// SignedIn is dropped at once for a changed user, so this process's next request sees
	// the change without waiting for the database's notification.
	SignedIn *SignedInCache
}

// List returns one page of the company's users matching search (name or e-mail).
func (s Service) List(ctx context.Context, search string, pageNumber int) ([]User, bool, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, false, err
	}
	if search = strings.TrimSpace(search); search != "" {
		like := page.Like(strings.ToLower(search))
		q = q.Where("lower(name) LIKE ? OR lower(email) LIKE ?", like, like)
	}
	users := []User{}
	hasMore, err := page.Find(q.Order("name, id"), pageNumber, PageSize, &users)
	if err != nil {
		return nil, false, err
	}
	return users, hasMore, s.decorate(ctx, users)
}

// All returns every user of the company, for selectors.
func (s Service) All(ctx context.Context) ([]User, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	var users []User
	if err := q.Order("name, id").Find(&users).Error; err != nil {
		return nil, err
	}
	return users, s.decorate(ctx, users)
}

// Get returns one user of the company.
func (s Service) Get(ctx context.Context, id int64) (User, error) {
	u, err := tenant.Get[User](ctx, s.DB, id, errs.ErrNoUser)
	if err != nil {
		return User{}, err
	}
	one := []User{u}
	err = s.decorate(ctx, one)
	return one[0], err
}

// Create adds a user to the actor's company.
func (s Service) Create(ctx context.Context, actor User, in Input) (User, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return User{}, err
	}
	if !actor.Super && s.Settings != nil && s.Settings.Value(ctx, "userCreation") == Disabled {
		return User{}, errs.ErrUserCreationOff
	}
	u := defaults(companyID)
	if err := s.authorize(actor, in); err != nil {
		return u, err
	}
	if err := in.apply(&u, true); err != nil {
		return u, err
	}
	if err := s.checkConnection(ctx, in.WhatsappID, &u); err != nil {
		return u, err
	}
	if u.PasswordHash, err = HashPassword(*in.Password); err != nil {
		return u, err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := checkUserLimit(tx, companyID); err != nil {
			return err
		}
		if err := emailFree(tx, u.Email, 0); err != nil {
			return err
		}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		return setQueues(tx, companyID, u.ID, in.QueueIDs)
	})
	if err != nil {
		return User{}, err
	}
	return s.publishFresh(ctx, "create", u.ID)
}

// Update changes a user. A non-admin may only change their own name, e-mail, password,
// theme, menu, farewell message and list width.
func (s Service) Update(ctx context.Context, actor User, id int64, in Input) (User, error) {
	u, err := s.Get(ctx, id)
	if err != nil {
		return User{}, err
	}
	if !actor.IsAdmin() && actor.ID != id {
		return User{}, errs.ErrNoPermission
	}
	if !actor.IsAdmin() && in.adminOnly() {
		return User{}, errs.ErrNoPermission
	}
	if err := s.authorize(actor, in); err != nil {
		return User{}, err
	}
	if u.Super && !actor.Super {
		return User{}, errs.ErrNoPermission // only a super user edits a super user
	}
	if err := in.apply(&u, false); err != nil {
		return User{}, err
	}
	if err := s.checkConnection(ctx, in.WhatsappID, &u); err != nil {
		return User{}, err
	}
	if in.ChangesPassword() {
		if u.PasswordHash, err = HashPassword(*in.Password); err != nil {
			return User{}, err
		}
	}
	companyID, _ := tenant.CompanyID(ctx)
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := emailFree(tx, u.Email, u.ID); err != nil {
			return err
		}
		u.UpdatedAt = time.Now()
		if err := tx.Model(&User{}).Where("id = ? AND company_id = ?", u.ID, companyID).
			Select(updatable).Updates(&u).Error; err != nil {
			return err
		}
		if err := revokeOnNewPassword(tx, in, u.ID); err != nil {
			return err
		}
		return setQueues(tx, companyID, u.ID, in.QueueIDs)
	})
	if err != nil {
		return User{}, err
	}
	return s.publishFresh(ctx, "update", u.ID)
}

// revokeOnNewPassword ends every session of a user whose password changes: the token version
// refuses their access and refresh tokens, and its change on the users row is what closes
// their sockets. A user changing their own password gets a new session (auth.Service.Renew).
func revokeOnNewPassword(tx *gorm.DB, in Input, id int64) error {
	if !in.ChangesPassword() {
		return nil
	}
	return tx.Exec("UPDATE users SET token_version = token_version + 1 WHERE id = ?", id).Error
}

// updatable lists the columns Update writes (never company, online or token version).
var updatable = []string{"name", "email", "password_hash", "profile", "super", "whatsapp_id",
	"start_work", "end_work", "farewell_message", "all_ticket", "allow_group", "default_theme",
	"default_menu", "all_historic", "all_user_chat", "user_close_pending_ticket", "show_dashboard",
	"allow_real_time", "allow_connections", "default_tickets_manager_width", "updated_at"}

// Delete removes a user of the company.
func (s Service) Delete(ctx context.Context, actor User, id int64) error {
	u, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if actor.ID == id {
		return ErrSelfDelete
	}
	if u.Super && !actor.Super {
		return errs.ErrNoPermission
	}
	q, _ := tenant.Scope(ctx, s.DB)
	if err := q.Delete(&User{}, id).Error; err != nil {
		return err
	}
	s.SignedIn.Drop(id)
	s.publish(ctx, u.CompanyID, map[string]any{"action": "delete", "userId": id})
	return nil
}

// SetWidth stores the ticket list width of a user (themselves, or any user for an admin).
func (s Service) SetWidth(ctx context.Context, actor User, id int64, width int) (User, error) {
	return s.Update(ctx, actor, id, Input{DefaultTicketsManagerWidth: &width})
}

// SetProfileImage stores a new avatar path and returns the user.
func (s Service) SetProfileImage(ctx context.Context, actor User, id int64, rel string) (User, string, error) {
	u, err := s.Get(ctx, id)
	if err != nil {
		return User{}, "", err
	}
	if !actor.IsAdmin() && actor.ID != id {
		return User{}, "", errs.ErrNoPermission
	}
	old := u.ProfileImage
	q, _ := tenant.Scope(ctx, s.DB)
	if err := q.Model(&User{}).Where("id = ?", id).Updates(map[string]any{
		"profile_image": rel, "updated_at": time.Now()}).Error; err != nil {
		return User{}, "", err
	}
	u, err = s.publishFresh(ctx, "update", id)
	return u, old, err
}

func (s Service) authorize(actor User, in Input) error {
	if in.Super != nil && *in.Super && !actor.Super {
		return errs.ErrNoPermission // only a super user makes super users
	}
	return nil
}

func (s Service) checkConnection(ctx context.Context, id *int64, u *User) error {
	if id == nil {
		return nil
	}
	if *id == 0 {
		u.WhatsappID = nil
		return nil
	}
	if s.Connections == nil || !s.Connections.Exists(ctx, *id) {
		return ErrNoConnection
	}
	u.WhatsappID = id
	return nil
}

func (s Service) publishFresh(ctx context.Context, action string, id int64) (User, error) {
	s.SignedIn.Drop(id)
	u, err := s.Get(ctx, id)
	if err != nil {
		return User{}, err
	}
	s.publish(ctx, u.CompanyID, map[string]any{"action": action, "user": u})
	return u, nil
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "user", data))
	}
}

// BcryptCost is the hashing cost; tests lower it to keep suites fast.
var BcryptCost = bcrypt.DefaultCost

// HashPassword hashes with bcrypt.
func HashPassword(p string) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(p), BcryptCost)
	return string(b), err
}

// CheckPassword compares a password with its hash.
func CheckPassword(hash, p string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(p)) == nil
}
