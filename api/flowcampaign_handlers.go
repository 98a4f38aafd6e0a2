package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/flowcampaign"
)

// Phrase campaigns (spec/3 /phrase-lists): admins; deleting one needs the contact-delete
// permission (contacts-page:deleteContact), which admins hold.

func (a *API) listFlowCampaigns(c *gin.Context) {
	l, err := a.App.FlowCampaigns.All(c.Request.Context())
	reply(c, l, err)
}

func (a *API) getFlowCampaign(c *gin.Context) {
	getOne(c, flowcampaign.ErrNotFound, a.App.FlowCampaigns.Show)
}

func (a *API) createFlowCampaign(c *gin.Context) { createOne(c, a.App.FlowCampaigns.Create) }

func (a *API) updateFlowCampaign(c *gin.Context) {
	var in flowcampaign.Input
	if bind(c, &in) {
		v, err := a.App.FlowCampaigns.Update(c.Request.Context(), in)
		reply(c, v, err)
	}
}

func (a *API) deleteFlowCampaign(c *gin.Context) {
	deleteOne(c, flowcampaign.ErrNotFound, "Frase deletada", a.App.FlowCampaigns.Delete)
}
