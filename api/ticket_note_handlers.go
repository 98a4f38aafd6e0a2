package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/ticket"
)

func (a *API) addTicketNote(c *gin.Context) {
	var in ticket.NoteInput
	if !bind(c, &in) {
		return
	}
	n, err := a.App.Tickets.AddNote(c.Request.Context(), currentUser(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, n)
}

func (a *API) deleteTicketNote(c *gin.Context) {
	id, ok := idParam(c, "id", ticket.ErrNoNote)
	if !ok {
		return
	}
	err := a.App.Tickets.DeleteNote(c.Request.Context(), currentUser(c), id)
	reply(c, gin.H{"message": "note deleted"}, err)
}

func (a *API) listTicketNotes(c *gin.Context) {
	notes, err := a.App.Tickets.Notes(c.Request.Context(), currentUser(c),
		int64(queryInt(c, "ticketId", 0)), int64(queryInt(c, "contactId", 0)))
	reply(c, notes, err)
}
