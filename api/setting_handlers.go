package api

import (
	"strconv"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
)

func (a *API) listSettings(c *gin.Context) {
	all, err := a.App.Settings.All(c.Request.Context())
	reply(c, all, err)
}

func (a *API) getSetting(c *gin.Context) {
	s, err := a.App.Settings.Get(c.Request.Context(), c.Param("key"))
	reply(c, s, err)
}

func (a *API) publicSetting(c *gin.Context) {
	s, err := a.App.Settings.Public(c.Request.Context(), c.Param("key"))
	reply(c, s, err)
}

func (a *API) updateSetting(c *gin.Context) {
	var in struct {
		Value string `json:"value"`
	}
	if !bind(c, &in) {
		return
	}
	s, err := a.App.Settings.Set(c.Request.Context(), c.Param("key"), in.Value, currentUser(c).Super)
	reply(c, s, err)
}

// companySettings answers only for the caller's own company; another id is "not found".
func (a *API) companySettings(c *gin.Context) {
	id, err := strconv.ParseInt(c.Param("companyId"), 10, 64)
	if err != nil || id != currentUser(c).CompanyID {
		fail(c, errs.ErrNoCompany)
		return
	}
	m, err := a.App.Settings.Map(c.Request.Context())
	reply(c, m, err)
}

func (a *API) companySettingOne(c *gin.Context) {
	s, err := a.App.Settings.Get(c.Request.Context(), c.Query("column"))
	reply(c, s, err)
}

func (a *API) updateCompanySetting(c *gin.Context) {
	var in struct {
		Column string `json:"column"`
		Data   string `json:"data"`
	}
	if !bind(c, &in) {
		return
	}
	s, err := a.App.Settings.Set(c.Request.Context(), in.Column, in.Data, currentUser(c).Super)
	reply(c, s, err)
}
