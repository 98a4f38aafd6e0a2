package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynqmon"
	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/realtime"
	"atende/pkg/ticket"
	"atende/pkg/user"
)

// socket upgrades GET /socket?token=JWT. A missing, forged, expired or revoked token is
// refused before the upgrade, and so is a company past its due date (402, as REST). The
// hub then follows the user's and the company's rows (socketIdentity, companyEnd).
func (a *API) socket(c *gin.Context) {
	token := c.Query("token")
	if token == "" {
		token, _ = strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
	}
	if token == "" {
		fail(c, errs.ErrSessionExpired)
		return
	}
	u, comp, err := a.App.Auth.SignedIn(c.Request.Context(), token)
	if err != nil {
		fail(c, err)
		return
	}
	if comp.Blocked() {
		fail(c, errs.ErrCompanyBlocked)
		return
	}
	if comp.Expired(time.Now()) {
		fail(c, subscriptionExpired(comp))
		return
	}
	if err := a.Hub.Serve(c.Writer, c.Request, identity(u, comp)); err != nil {
		slog.Debug("socket closed", "err", err)
	}
}

func identity(u user.User, comp company.Company) realtime.Identity {
	id := realtime.Identity{UserID: u.ID, CompanyID: u.CompanyID, TokenVersion: u.TokenVersion,
		Profile: u.Profile, Super: u.Super, ExpiresAt: comp.ExpiresAt()}
	if !u.IsAdmin() && !u.On("allUserChat") { // the others may open every ticket
		id.Sees = ticket.Sees(u, u.QueueIDs)
	}
	return id
}

// socketIdentity is the current identity of a user whose row changed, read through the
// signed-in cache (which the same notification has just emptied of them).
func (a *API) socketIdentity(ctx context.Context, userID int64) (realtime.Identity, error) {
	u, comp, err := a.App.Users.SignedIn.Load(ctx, a.App.DB, userID)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return realtime.Identity{}, realtime.ErrGone
	}
	if err == nil && comp.Blocked() {
		return realtime.Identity{}, realtime.ErrBlocked
	}
	return identity(u, comp), err
}

// companyEnd is when a changed company's subscription ends.
func (a *API) companyEnd(ctx context.Context, companyID int64) (time.Time, error) {
	comp, err := company.Store{DB: a.App.DB}.GetWithPlan(ctx, companyID)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return time.Time{}, realtime.ErrGone
	}
	if err == nil && comp.Blocked() {
		return time.Time{}, realtime.ErrBlocked
	}
	return comp.ExpiresAt(), err
}

// userSeen keeps a user online while their sockets ping; the scheduler marks them offline
// after 5 idle minutes.
func (a *API) userSeen(ctx context.Context, id realtime.Identity) {
	wasOffline, err := a.App.Presence.Seen(ctx, id.CompanyID, id.UserID)
	if err != nil {
		slog.Warn("presence update failed", "err", err, "user_id", id.UserID)
		return
	}
	if wasOffline {
		_ = a.App.Events.Publish(ctx, realtime.ToCompany(id.CompanyID, "user", map[string]any{
			"action": "update", "user": map[string]any{"id": id.UserID, "online": true}}))
	}
}

// mountQueueDashboard serves asynqmon at /admin/queues for super users. The dashboard is
// opened by browser navigation, so the user is identified by the refresh cookie.
func (a *API) mountQueueDashboard(r *gin.Engine) {
	mon := asynqmon.New(asynqmon.Options{RootPath: "/admin/queues", RedisConnOpt: a.App.RedisOpt})
	guard := func(c *gin.Context) {
		u, err := a.cookieUser(c)
		if err != nil || !u.Super {
			c.AbortWithStatusJSON(http.StatusForbidden, errs.ErrNoPermission)
			return
		}
		mon.ServeHTTP(c.Writer, c.Request)
	}
	r.Any("/admin/queues", guard)
	r.Any("/admin/queues/*any", guard)
}

func (a *API) cookieUser(c *gin.Context) (user.User, error) {
	tok, err := c.Cookie(refreshCookie)
	if err != nil {
		return user.User{}, errs.ErrSessionExpired
	}
	claims, err := a.App.Auth.Tokens.ParseRefresh(tok)
	if err != nil {
		return user.User{}, err
	}
	u, err := user.FindByID(c.Request.Context(), a.App.DB, claims.UserID)
	if err != nil || u.TokenVersion != claims.TokenVersion {
		return user.User{}, errs.ErrSessionExpired
	}
	return u, nil
}
