package auth

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/errgroup"
	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/randhex"
	"atende/pkg/realtime"
	"atende/pkg/setting"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Service signs users in, refreshes and revokes sessions.
type Service struct {
	DB       *gorm.DB
	RDB      *redis.Client
	Tokens   Issuer
	Events   realtime.Publisher
	Users    user.Service
	Settings setting.Service
	Limiter  Limiter
	Now      func() time.Time // the clock of the working-hours check (nil: time.Now)
}

// Session is what a sign-in or refresh returns: an access token, a refresh token for the
// cookie, and the user with their company.
type Session struct {
	Token   string    `json:"token"`
	User    user.User `json:"user"`
	Refresh string    `json:"-"`
}

// Login checks credentials and starts the user's only live session: the token version is
// bumped, so every older token stops working and older sockets are told and closed.
func (s Service) Login(ctx context.Context, email, password, clientIP string) (Session, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := s.Limiter.Attempt(ctx, clientIP, email); err != nil {
		return Session{}, err
	}
	u, err := user.FindByEmail(ctx, s.DB, email)
	if err != nil || !user.CheckPassword(u.PasswordHash, password) {
		if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
			return Session{}, err
		}
		return Session{}, errs.ErrInvalidCredentials
	}
	s.Limiter.Success(ctx, clientIP, email)
	if err := s.checkWorkHours(ctx, u); err != nil {
		return Session{}, err // refused before the token version moves: a live session stays
	}
	if err := s.DB.WithContext(ctx).Raw(`UPDATE users SET token_version = token_version + 1
		WHERE id = ? RETURNING token_version`, u.ID).Scan(&u.TokenVersion).Error; err != nil {
		return Session{}, err
	}
	s.DB.WithContext(ctx).Exec("UPDATE companies SET last_login = now() WHERE id = ?", u.CompanyID)
	s.announceTakeover(ctx, u)
	return s.issue(ctx, u)
}

// announceTakeover tells older sessions of u that the account was used elsewhere, then
// closes their sockets.
func (s Service) announceTakeover(ctx context.Context, u user.User) {
	if s.Events == nil {
		return
	}
	_ = s.Events.Publish(ctx, realtime.Takeover(u.CompanyID, u.ID, u.TokenVersion))
}

// rotationGrace is how long a replaced refresh token still answers, so two tabs refreshing
// together both succeed.
const rotationGrace = 30 * time.Second

// Refresh rotates a refresh token: the presented one must be the session's current one (or
// the one it replaced within rotationGrace), of the user's current token version. The chain
// is kept in PostgreSQL (user_sessions), so losing Redis signs nobody out.
func (s Service) Refresh(ctx context.Context, refreshToken string) (Session, error) {
	c, err := s.Tokens.ParseRefresh(refreshToken)
	if err != nil {
		return Session{}, err
	}
	u, err := user.FindByID(ctx, s.DB, c.UserID)
	if err != nil || u.TokenVersion != c.TokenVersion {
		return Session{}, errs.ErrSessionExpired
	}
	next := randhex.String(16)
	res := s.DB.WithContext(ctx).Exec(`UPDATE user_sessions s SET prev_jti = s.jti,
		prev_until = now() + make_interval(secs => ?), jti = ?, updated_at = now()
		FROM users u WHERE s.user_id = ? AND s.jti = ? AND u.id = s.user_id AND u.token_version = ?`,
		rotationGrace.Seconds(), next, u.ID, c.ID, c.TokenVersion)
	if res.Error != nil {
		return Session{}, res.Error
	}
	if res.RowsAffected == 1 {
		return s.sessionFor(ctx, u, next)
	}
	// The other tab already rotated; hand out the current refresh token again.
	var cur string
	if err := s.DB.WithContext(ctx).Raw(`SELECT jti FROM user_sessions
		WHERE user_id = ? AND prev_jti = ? AND prev_until > now()`, u.ID, c.ID).Scan(&cur).Error; err != nil {
		return Session{}, err
	}
	if cur == "" {
		return Session{}, errs.ErrSessionExpired
	}
	return s.sessionFor(ctx, u, cur)
}

// Renew starts a new refresh chain for a user whose token version was just bumped by this
// very session (its own password change): the other sessions stay revoked, this one goes on.
func (s Service) Renew(ctx context.Context, userID int64) (Session, error) {
	u, err := user.FindByID(ctx, s.DB, userID)
	if err != nil {
		return Session{}, err
	}
	return s.issue(ctx, u)
}

// Logout ends every session of the user.
func (s Service) Logout(ctx context.Context, userID int64) error {
	var u user.User
	err := s.DB.WithContext(ctx).Raw(`UPDATE users SET token_version = token_version + 1, online = false
		WHERE id = ? RETURNING *`, userID).Scan(&u).Error
	if err != nil {
		return err
	}
	s.Users.SignedIn.Drop(userID)
	if err := s.DB.WithContext(ctx).Exec("DELETE FROM user_sessions WHERE user_id = ?", userID).Error; err != nil {
		return err
	}
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.Event{Revoke: &realtime.Revoke{UserID: u.ID, TokenVersion: u.TokenVersion}})
	}
	return nil
}

// Resolve turns an access token into the current user, refusing revoked tokens.
func (s Service) Resolve(ctx context.Context, token string) (user.User, error) {
	c, err := s.Tokens.ParseAccess(token)
	if err != nil {
		return user.User{}, err
	}
	return s.current(ctx, c)
}

// current loads the user of valid claims, refusing a revoked token.
func (s Service) current(ctx context.Context, c Claims) (user.User, error) {
	u, err := user.FindSignedIn(ctx, s.DB, c.UserID)
	if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && u.TokenVersion != c.TokenVersion {
		return user.User{}, errs.ErrSessionExpired
	}
	return u, err
}

// SignedIn is Resolve plus the user's company with its plan, which every authenticated
// request needs: the token names the company, so both are read at once, or taken from the
// signed-in cache when it holds them.
func (s Service) SignedIn(ctx context.Context, token string) (user.User, company.Company, error) {
	c, err := s.Tokens.ParseAccess(token)
	if err != nil {
		return user.User{}, company.Company{}, err
	}
	u, comp, gen, ok := s.Users.SignedIn.Get(c.UserID)
	// A version that differs may be a newer sign-in than the cache has heard of: read it.
	if ok && u.TokenVersion == c.TokenVersion && comp.ID == c.CompanyID {
		return u, comp, nil
	}
	loadedAt := time.Now()
	var compErr error // the user's refusal (a revoked token) is the answer when both fail
	var g errgroup.Group
	g.Go(func() (err error) { u, err = s.current(ctx, c); return err })
	g.Go(func() error { comp, compErr = company.Store{DB: s.DB}.GetWithPlan(ctx, c.CompanyID); return nil })
	if err := g.Wait(); err != nil {
		return user.User{}, company.Company{}, err
	}
	if compErr != nil {
		return user.User{}, company.Company{}, compErr
	}
	if u.CompanyID != comp.ID { // a token can't move a user between companies
		return user.User{}, company.Company{}, errs.ErrSessionExpired
	}
	s.Users.SignedIn.Put(gen, u, comp, loadedAt)
	return u, comp, nil
}

// Me returns the user with queues, company, plan and company settings.
func (s Service) Me(ctx context.Context, u user.User) (user.User, error) {
	ctx = tenant.With(ctx, u.CompanyID)
	full, err := s.Users.Get(ctx, u.ID)
	if err != nil {
		return user.User{}, err
	}
	c, err := company.Store{DB: s.DB}.GetWithPlan(ctx, u.CompanyID)
	if err != nil {
		return user.User{}, err
	}
	if c.Settings, err = s.Settings.Map(ctx); err != nil {
		return user.User{}, err
	}
	full.Company = &c
	return full, nil
}

// issue starts the user's refresh chain afresh (a sign-in or a renewal replaces the last one).
func (s Service) issue(ctx context.Context, u user.User) (Session, error) {
	jti := randhex.String(16)
	err := s.DB.WithContext(ctx).Exec(`INSERT INTO user_sessions (user_id, jti) VALUES (?, ?)
		ON CONFLICT (user_id) DO UPDATE SET jti = excluded.jti, prev_jti = NULL, prev_until = NULL,
		updated_at = now()`, u.ID, jti).Error
	if err != nil {
		return Session{}, err
	}
	return s.sessionFor(ctx, u, jti)
}

func (s Service) sessionFor(ctx context.Context, u user.User, jti string) (Session, error) {
	full, err := s.Me(ctx, u)
	if err != nil {
		return Session{}, err
	}
	access, err := s.Tokens.Access(full)
	if err != nil {
		return Session{}, err
	}
	refresh, err := s.Tokens.Refresh(full, jti)
	if err != nil {
		return Session{}, err
	}
	return Session{Token: access, User: full, Refresh: refresh}, nil
}
