package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/tag"
)

func tagFilter(c *gin.Context) tag.Filter {
	return tag.Filter{Search: c.Query("searchParam"), Kanban: queryIntPtr(c, "kanban"), Page: pageNumber(c)}
}

func (a *API) listTags(c *gin.Context) {
	p, err := a.App.Tags.List(c.Request.Context(), tagFilter(c))
	reply(c, p, err)
}

func (a *API) allTags(c *gin.Context) {
	list, err := a.App.Tags.All(c.Request.Context(), tagFilter(c))
	reply(c, list, err)
}

func (a *API) getTag(c *gin.Context)    { getOne(c, tag.ErrNotFound, a.App.Tags.Get) }
func (a *API) createTag(c *gin.Context) { createOne(c, a.App.Tags.Create) }
func (a *API) updateTag(c *gin.Context) { updateOne(c, tag.ErrNotFound, a.App.Tags.Update) }
func (a *API) deleteTag(c *gin.Context) {
	deleteOne(c, tag.ErrNotFound, "Tag deleted", a.App.Tags.Delete)
}
