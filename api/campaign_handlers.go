package api

import (
	"encoding/json"

	"github.com/gin-gonic/gin"

	"atende/pkg/campaign"
	"atende/pkg/errs"
	"atende/pkg/message"
)

// CampaignMediaMaxBytes bounds a campaign's file.
const CampaignMediaMaxBytes = 20 << 20

// campaignMediaTypes are what a campaign may send (sniffed from the bytes).
var campaignMediaTypes = []string{"image/", "video/", "audio/", "application/"}

func (a *API) listCampaigns(c *gin.Context) {
	p, err := a.App.Campaigns.List(c.Request.Context(), c.Query("searchParam"), pageNumber(c))
	reply(c, p, err)
}

func (a *API) getCampaign(c *gin.Context) { getOne(c, campaign.ErrNotFound, a.App.Campaigns.Get) }

func (a *API) createCampaign(c *gin.Context) { createOne(c, a.App.Campaigns.Create) }

func (a *API) updateCampaign(c *gin.Context) {
	updateOne(c, campaign.ErrNotFound, a.App.Campaigns.Update)
}

func (a *API) deleteCampaign(c *gin.Context) {
	deleteOne(c, campaign.ErrNotFound, "Campaign deleted", a.App.Campaigns.Delete)
}

func (a *API) cancelCampaign(c *gin.Context) { getOne(c, campaign.ErrNotFound, a.App.Campaigns.Cancel) }

func (a *API) restartCampaign(c *gin.Context) {
	getOne(c, campaign.ErrNotFound, a.App.Campaigns.Restart)
}

func (a *API) campaignReport(c *gin.Context) { getOne(c, campaign.ErrNotFound, a.App.Campaigns.Report) }

func (a *API) campaignShippings(c *gin.Context) {
	if id, ok := idParam(c, "id", campaign.ErrNotFound); ok {
		p, err := a.App.Campaigns.Shippings(c.Request.Context(), id, c.Query("searchParam"), c.Query("state"), pageNumber(c))
		reply(c, p, err)
	}
}

// POST /campaigns/{id}/media-upload: the file in "file"; its type is read from its bytes.
func (a *API) uploadCampaignMedia(c *gin.Context) {
	id, ok := idParam(c, "id", campaign.ErrNotFound)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	if _, err := a.App.Campaigns.Get(ctx, id); err != nil {
		fail(c, err)
		return
	}
	up, err := a.storeUpload(c, "file", "campaign", CampaignMediaMaxBytes, campaignMediaTypes...)
	if err != nil {
		fail(c, err)
		return
	}
	v, old, err := a.App.Campaigns.SetMedia(ctx, id, up.Path, up.Name, message.TypeFor(up.MIME))
	a.replaceUpload(c, v, up.Path, old, err)
}

func (a *API) deleteCampaignMedia(c *gin.Context) {
	id, ok := idParam(c, "id", campaign.ErrNotFound)
	if !ok {
		return
	}
	v, old, err := a.App.Campaigns.SetMedia(c.Request.Context(), id, "", "", "")
	if err == nil {
		a.removeUnused(c, old)
	}
	reply(c, v, err)
}

func (a *API) campaignSettings(c *gin.Context) {
	list, err := a.App.CampaignSettings.Get(c.Request.Context())
	reply(c, list, err)
}

// POST /campaign-settings: {"settings": {key: value, …}} (a bare object is taken too).
func (a *API) saveCampaignSettings(c *gin.Context) {
	var body map[string]json.RawMessage
	if !bind(c, &body) {
		return
	}
	in := body
	if raw, ok := body["settings"]; ok {
		in = map[string]json.RawMessage{}
		if err := json.Unmarshal(raw, &in); err != nil {
			fail(c, errs.Validation{"settings": "Configurações inválidas."}.Err())
			return
		}
	}
	list, err := a.App.CampaignSettings.Save(c.Request.Context(), in)
	reply(c, list, err)
}
