package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/hours"
)

// hoursCompany reads the :id of a company whose hours the caller may manage: an admin's
// own company, any company for the super user. Another id is "not found", as for
// /companySettings.
func hoursCompany(c *gin.Context) (int64, bool) {
	id, ok := idParam(c, "id", errs.ErrNoCompany)
	if ok && id != currentUser(c).CompanyID && !currentUser(c).Super {
		fail(c, errs.ErrNoCompany)
		return 0, false
	}
	return id, ok
}

func (a *API) companyHours(c *gin.Context) {
	if id, ok := hoursCompany(c); ok {
		h, err := company.Store{DB: a.App.DB}.Hours(c.Request.Context(), id)
		reply(c, h, err)
	}
}

func (a *API) updateCompanyHours(c *gin.Context) {
	id, ok := hoursCompany(c)
	var in struct {
		Schedules *hours.Schedules `json:"schedules"`
	}
	if ok && bind(c, &in) {
		h, err := company.Store{DB: a.App.DB}.SetHours(c.Request.Context(), id, in.Schedules)
		reply(c, h, err)
	}
}
