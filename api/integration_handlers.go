package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/integration"
)

// integrations: admins of companies whose plan has useIntegrations (spec/3 §6).
var integrations = admin.needsPlan("useIntegrations")

func (a *API) listIntegrations(c *gin.Context) {
	p, err := a.App.Integrations.List(c.Request.Context(), c.Query("searchParam"), pageNumber(c))
	reply(c, p, err)
}

func (a *API) getIntegration(c *gin.Context) {
	getOne(c, integration.ErrNotFound, a.App.Integrations.Get)
}
func (a *API) createIntegration(c *gin.Context) { createOne(c, a.App.Integrations.Create) }
func (a *API) updateIntegration(c *gin.Context) {
	updateOne(c, integration.ErrNotFound, a.App.Integrations.Update)
}
func (a *API) deleteIntegration(c *gin.Context) {
	deleteOne(c, integration.ErrNotFound, "Integração excluída", a.App.Integrations.Delete)
}

// testIntegrationSession runs one Dialogflow detectIntent with the form's credentials.
func (a *API) testIntegrationSession(c *gin.Context) {
	var in integration.TestInput
	if bind(c, &in) {
		res, err := a.App.Integrations.TestSession(c.Request.Context(), in)
		reply(c, res, err)
	}
}
