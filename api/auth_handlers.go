package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/auth"
	"atende/pkg/errs"
	"atende/pkg/validate"
)

const refreshCookie = "jrt"

// maxPassword bounds a sign-in password: passwords are set at 5 to 50 characters (8+ on a
// reset), so a longer one is wrong without hashing it or keying the limiter with it.
const maxPassword = 200

type credentials struct {
	Email      string `json:"email"`
	Password   string `json:"password"`
	RememberMe *bool  `json:"rememberMe"`
}

func (a *API) login(c *gin.Context) {
	var in credentials
	if !bind(c, &in) {
		return
	}
	if len(in.Email) > validate.MaxEmail || len(in.Password) > maxPassword {
		fail(c, errs.ErrInvalidCredentials) // no account has such an address or password
		return
	}
	s, err := a.App.Auth.Login(c.Request.Context(), in.Email, in.Password, c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	a.setRefreshCookie(c, s.Refresh, in.RememberMe == nil || *in.RememberMe)
	c.JSON(http.StatusOK, s)
}

func (a *API) refreshToken(c *gin.Context) {
	tok, err := c.Cookie(refreshCookie)
	if err != nil || tok == "" {
		fail(c, errs.ErrSessionExpired)
		return
	}
	s, err := a.App.Auth.Refresh(c.Request.Context(), tok)
	if err != nil {
		a.clearRefreshCookie(c)
		fail(c, err)
		return
	}
	a.setRefreshCookie(c, s.Refresh, true)
	c.JSON(http.StatusOK, s)
}

func (a *API) logout(c *gin.Context) {
	if err := a.App.Auth.Logout(c.Request.Context(), currentUser(c).ID); err != nil {
		fail(c, err)
		return
	}
	a.clearRefreshCookie(c)
	c.Status(http.StatusNoContent)
}

func (a *API) me(c *gin.Context) {
	u, err := a.App.Auth.Me(c.Request.Context(), currentUser(c))
	reply(c, u, err)
}

func (a *API) signup(c *gin.Context) {
	var in auth.SignupInput
	if !bind(c, &in) {
		return
	}
	u, err := a.App.Auth.Signup(c.Request.Context(), in, c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"user": u})
}

// forgotPassword answers the same for a known and an unknown e-mail (spec/3 asked for a 404
// on an unknown one; that told anyone which e-mails have accounts).
func (a *API) forgotPassword(c *gin.Context) {
	err := a.App.Resets.Request(c.Request.Context(), c.Param("email"), c.ClientIP())
	reply(c, gin.H{"status": http.StatusOK, "message": "Email enviado com sucesso!"}, err)
}

func (a *API) resetPassword(c *gin.Context) {
	err := a.App.Resets.Apply(c.Request.Context(), c.Param("email"), c.Param("token"), c.Param("password"), c.ClientIP())
	reply(c, gin.H{"status": http.StatusOK, "message": "Senha redefinida com sucesso."}, err)
}

func (a *API) version(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"version": Version}) }

func (a *API) publicPlans(c *gin.Context) {
	plans, err := a.App.Plans.List(c.Request.Context(), true)
	reply(c, plans, err)
}

// The refresh cookie is httpOnly and sent to every path, so the queue dashboard (opened by
// browser navigation, without a bearer header) can identify its super user too. Without
// remember-me it is a session cookie.
func (a *API) setRefreshCookie(c *gin.Context, tok string, persist bool) {
	maxAge := 0
	if persist {
		maxAge = int(a.App.Cfg.RefreshTTL / time.Second)
	}
	c.SetSameSite(http.SameSiteLaxMode)
	c.SetCookie(refreshCookie, tok, maxAge, "/", "", !a.App.Cfg.Development(), true)
}

func (a *API) clearRefreshCookie(c *gin.Context) {
	c.SetSameSite(http.SameSiteLaxMode)
	c.SetCookie(refreshCookie, "", -1, "/", "", !a.App.Cfg.Development(), true)
}
