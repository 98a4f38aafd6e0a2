package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/user"
)

// AvatarMaxBytes bounds profile image uploads.
const AvatarMaxBytes = 5 << 20

func (a *API) listUsers(c *gin.Context) {
	users, hasMore, err := a.App.Users.List(c.Request.Context(), c.Query("searchParam"), pageNumber(c))
	reply(c, gin.H{"users": users, "hasMore": hasMore}, err)
}

func (a *API) allUsers(c *gin.Context) {
	users, err := a.App.Users.All(c.Request.Context())
	reply(c, users, err)
}

func (a *API) getUser(c *gin.Context) {
	id, ok := idParam(c, "id", errs.ErrNoUser)
	if !ok {
		return
	}
	if me := currentUser(c); !me.IsAdmin() && me.ID != id {
		fail(c, errs.ErrNoPermission)
		return
	}
	u, err := a.App.Users.Get(c.Request.Context(), id)
	reply(c, u, err)
}

func (a *API) createUser(c *gin.Context) { createOne(c, viewerIn(c, a.App.Users.Create)) }

// updateUser saves a user. A new password revokes every session of that user; when it is
// the signed-in user's own, this session goes on with a new refresh cookie, and the answer
// carries its new access token ("token").
func (a *API) updateUser(c *gin.Context) {
	id, ok := idParam(c, "id", errs.ErrNoUser)
	var in user.Input
	if !ok || !bind(c, &in) {
		return
	}
	me := currentUser(c)
	u, err := a.App.Users.Update(c.Request.Context(), me, id, in)
	if err != nil || id != me.ID || !in.ChangesPassword() {
		reply(c, u, err)
		return
	}
	s, err := a.App.Auth.Renew(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	a.setRefreshCookie(c, s.Refresh, true)
	c.JSON(http.StatusOK, struct {
		user.User
		Token string `json:"token"`
	}{u, s.Token})
}

func (a *API) deleteUser(c *gin.Context) {
	deleteOne(c, errs.ErrNoUser, "User deleted", viewerDel(c, a.App.Users.Delete))
}

func (a *API) setTicketsWidth(c *gin.Context) {
	id, ok := idParam(c, "userId", errs.ErrNoUser)
	var in struct {
		Width int `json:"defaultTicketsManagerWidth"`
	}
	if !ok || !bind(c, &in) {
		return
	}
	u, err := a.App.Users.SetWidth(c.Request.Context(), currentUser(c), id, in.Width)
	reply(c, u, err)
}

func (a *API) uploadUserImage(c *gin.Context) {
	id, ok := idParam(c, "id", errs.ErrNoUser)
	if !ok {
		return
	}
	me := currentUser(c)
	if _, err := a.App.Users.Get(c.Request.Context(), id); err != nil {
		fail(c, err)
		return
	}
	if !me.IsAdmin() && me.ID != id {
		fail(c, errs.ErrNoPermission)
		return
	}
	rel, _, ok := a.saveUpload(c, "profileImage", "users", AvatarMaxBytes, "image/")
	if !ok {
		return
	}
	u, old, err := a.App.Users.SetProfileImage(c.Request.Context(), me, id, rel)
	a.replaceUpload(c, u, rel, old, err)
}
