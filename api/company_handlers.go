package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/plan"
)

// Companies and plans (spec/2, super users): thin handlers over pkg/tenants and pkg/plan.

func (a *API) listCompanies(c *gin.Context) {
	list, _, err := a.App.Tenants.List(c.Request.Context(), c.Query("searchParam"), 0)
	reply(c, list, err)
}

// pageCompanies is GET /companiesPlan/: the table's pages, with their plans.
func (a *API) pageCompanies(c *gin.Context) {
	list, more, err := a.App.Tenants.List(c.Request.Context(), c.Query("searchParam"), pageNumber(c))
	reply(c, gin.H{"companies": list, "hasMore": more}, err)
}

func (a *API) getCompany(c *gin.Context) { getOne(c, errs.ErrNoCompany, a.App.Tenants.Get) }

// companyPlan is GET /companies/listPlan/:id: a company with its plan, for the web app's
// plan flags; a user reads their own company's, the super user any.
func (a *API) companyPlan(c *gin.Context) {
	id, ok := idParam(c, "id", errs.ErrNoCompany)
	if ok && id != currentUser(c).CompanyID && !currentUser(c).Super {
		fail(c, errs.ErrNoCompany)
		return
	}
	if ok {
		s, err := a.App.Tenants.Get(c.Request.Context(), id)
		reply(c, s, err)
	}
}

func (a *API) createCompany(c *gin.Context) { createOne(c, a.App.Tenants.Create) }
func (a *API) updateCompany(c *gin.Context) { updateOne(c, errs.ErrNoCompany, a.App.Tenants.Update) }

// deleteCompany answers 202: the company is refused at once and deleted in the background;
// the table follows its deleteProgress.
func (a *API) deleteCompany(c *gin.Context) {
	if id, ok := idParam(c, "id", errs.ErrNoCompany); ok {
		s, err := a.App.Tenants.Delete(c.Request.Context(), id)
		if err != nil {
			fail(c, err)
			return
		}
		c.JSON(http.StatusAccepted, s)
	}
}

// measureCompanyFolder is POST /companies/:id/folder: measure the company's media folder now.
func (a *API) measureCompanyFolder(c *gin.Context) {
	getOne(c, errs.ErrNoCompany, a.App.Tenants.MeasureFolder)
}

func (a *API) allPlans(c *gin.Context) {
	plans, err := a.App.Plans.List(c.Request.Context(), false)
	reply(c, plans, err)
}

func (a *API) getPlan(c *gin.Context)    { getOne(c, plan.ErrNotFound, a.App.Plans.Find) }
func (a *API) createPlan(c *gin.Context) { createOne(c, a.App.Plans.Create) }
func (a *API) updatePlan(c *gin.Context) { updateOne(c, plan.ErrNotFound, a.App.Plans.Update) }
func (a *API) deletePlan(c *gin.Context) {
	deleteOne(c, plan.ErrNotFound, "Plan deleted", a.App.Plans.Delete)
}
