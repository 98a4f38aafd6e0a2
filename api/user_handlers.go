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
	users, hasMore, err := a.App.Users.List(c.Request.Context(), c.Query("searchParam"), queryInt(c, "pageNumber", 1))
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

func (a *API) createUser(c *gin.Context) {
	var in user.Input
	if !bind(c, &in) {
		return
	}
	u, err := a.App.Users.Create(c.Request.Context(), currentUser(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, u)
}

func (a *API) updateUser(c *gin.Context) {
	id, ok := idParam(c, "id", errs.ErrNoUser)
	var in user.Input
	if !ok || !bind(c, &in) {
		return
	}
	u, err := a.App.Users.Update(c.Request.Context(), currentUser(c), id, in)
	reply(c, u, err)
}

func (a *API) deleteUser(c *gin.Context) {
	id, ok := idParam(c, "id", errs.ErrNoUser)
	if !ok {
		return
	}
	if err := a.App.Users.Delete(c.Request.Context(), currentUser(c), id); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "User deleted"})
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
