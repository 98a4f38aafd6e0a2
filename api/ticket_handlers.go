package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/user"
)

func (a *API) listTickets(c *gin.Context) {
	page, err := a.App.Tickets.List(c.Request.Context(), currentUser(c), ticket.ListParamsFrom(c.Request.URL.Query()))
	reply(c, page, err)
}

func (a *API) openTicket(c *gin.Context) {
	t, err := a.App.Tickets.Open(c.Request.Context(), currentUser(c), c.Param("uuid"))
	reply(c, t, err)
}

func (a *API) showTicket(c *gin.Context) {
	id, ok := idParam(c, "id", ticket.ErrNotFound)
	if !ok {
		return
	}
	t, err := a.App.Tickets.Show(c.Request.Context(), currentUser(c), id)
	reply(c, t, err)
}

func (a *API) createTicket(c *gin.Context) {
	var in ticket.CreateInput
	if !bind(c, &in) {
		return
	}
	t, err := a.App.Tickets.Create(c.Request.Context(), currentUser(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, t)
}

func (a *API) updateTicket(c *gin.Context) {
	id, ok := idParam(c, "id", ticket.ErrNotFound)
	var in ticket.UpdateInput
	if !ok || !bind(c, &in) {
		return
	}
	t, err := a.App.Tickets.Update(c.Request.Context(), currentUser(c), id, in)
	reply(c, t, err)
}

func (a *API) deleteTicket(c *gin.Context) {
	id, ok := idParam(c, "id", ticket.ErrNotFound)
	if !ok {
		return
	}
	err := a.App.Tickets.Delete(c.Request.Context(), id)
	reply(c, gin.H{"message": "ticket deleted"}, err)
}

func (a *API) closeAllTickets(c *gin.Context) {
	var in ticket.CloseAllInput
	if !bind(c, &in) {
		return
	}
	n, err := a.App.Tickets.CloseAll(c.Request.Context(), currentUser(c), in)
	reply(c, gin.H{"closed": n}, err)
}

func (a *API) addTicketTag(c *gin.Context) {
	ticketID, ok := idParam(c, "ticketId", ticket.ErrNotFound)
	if !ok {
		return
	}
	tagID, ok := idParam(c, "tagId", ticket.ErrNoTag)
	if !ok {
		return
	}
	t, err := a.App.Tickets.AddTag(c.Request.Context(), currentUser(c), ticketID, tagID)
	reply(c, t, err)
}

func (a *API) removeTicketTags(c *gin.Context) {
	ticketID, ok := idParam(c, "ticketId", ticket.ErrNotFound)
	if !ok {
		return
	}
	t, err := a.App.Tickets.RemoveKanbanTags(c.Request.Context(), currentUser(c), ticketID)
	reply(c, t, err)
}

func (a *API) ticketLogs(c *gin.Context) {
	ticketID, ok := idParam(c, "ticketId", ticket.ErrNotFound)
	if !ok {
		return
	}
	logs, err := a.App.Tickets.Logs(c.Request.Context(), currentUser(c), ticketID)
	reply(c, logs, err)
}

// ticketAccess lets a socket join ticket-{uuid} only when its user may see that ticket.
func (a *API) ticketAccess(ctx context.Context, id realtime.Identity, uuid string) bool {
	u, err := user.FindByID(ctx, a.App.DB, id.UserID)
	if err != nil || u.CompanyID != id.CompanyID || u.TokenVersion != id.TokenVersion {
		return false
	}
	return a.App.Tickets.CanSeeUUID(tenant.With(ctx, id.CompanyID), u, uuid)
}
