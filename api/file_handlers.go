package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/filelist"
)

// listFileLists answers the read-only list the queue and option selects use.
func (a *API) listFileLists(c *gin.Context) {
	p, err := a.App.FileLists.List(c.Request.Context(), filelist.Filter{Search: c.Query("searchParam"), Page: pageNumber(c)})
	reply(c, p, err)
}
