package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/tag"
)

func tagFilter(c *gin.Context) tag.Filter {
	return tag.Filter{Search: c.Query("searchParam"), Kanban: queryIntPtr(c, "kanban"), Page: queryInt(c, "pageNumber", 1)}
}

func (a *API) listTags(c *gin.Context) {
	p, err := a.App.Tags.List(c.Request.Context(), tagFilter(c))
	reply(c, p, err)
}

func (a *API) allTags(c *gin.Context) {
	list, err := a.App.Tags.All(c.Request.Context(), tagFilter(c))
	reply(c, list, err)
}

func (a *API) getTag(c *gin.Context) {
	if id, ok := idParam(c, "id", tag.ErrNotFound); ok {
		t, err := a.App.Tags.Get(c.Request.Context(), id)
		reply(c, t, err)
	}
}

func (a *API) createTag(c *gin.Context) {
	var in tag.Input
	if !bind(c, &in) {
		return
	}
	t, err := a.App.Tags.Create(c.Request.Context(), in)
	created(c, t, err)
}

func (a *API) updateTag(c *gin.Context) {
	id, ok := idParam(c, "id", tag.ErrNotFound)
	var in tag.Input
	if !ok || !bind(c, &in) {
		return
	}
	t, err := a.App.Tags.Update(c.Request.Context(), id, in)
	reply(c, t, err)
}

func (a *API) deleteTag(c *gin.Context) {
	if id, ok := idParam(c, "id", tag.ErrNotFound); ok {
		deleted(c, "Tag deleted", a.App.Tags.Delete(c.Request.Context(), id))
	}
}
