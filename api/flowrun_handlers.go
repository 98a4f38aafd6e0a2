package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/connection"
	"atende/pkg/flowrun"
)

func (a *API) flowRuns() flowrun.Service {
	return flowrun.Service{DB: a.App.DB, Queue: a.App.Queue, Conns: connection.Store{DB: a.App.DB}}
}

// flowStats answers the editor's node counts: GET /flowbuilder/{id}/stats?dateFrom&dateTo.
func (a *API) flowStats(c *gin.Context) {
	id, ok := idParam(c, "id", flowrun.ErrFlowNotFound)
	if !ok {
		return
	}
	stats, err := a.flowRuns().Stats(c.Request.Context(), id, c.Query("dateFrom"), c.Query("dateTo"))
	reply(c, stats, err)
}

// simulateFlow starts a flow for a pretend customer of a sandbox connection:
// POST /flowbuilder/{id}/simulate {whatsappId, number?}.
func (a *API) simulateFlow(c *gin.Context) {
	id, ok := idParam(c, "id", flowrun.ErrFlowNotFound)
	if !ok {
		return
	}
	var in struct {
		WhatsappID int64  `json:"whatsappId"`
		Number     string `json:"number"`
	}
	if !bind(c, &in) {
		return
	}
	if in.WhatsappID <= 0 {
		fail(c, connection.ErrNotFound)
		return
	}
	sim, err := a.flowRuns().Simulate(c.Request.Context(), id, in.WhatsappID, digits(in.Number))
	reply(c, sim, err)
}
