package api

import (
	"strconv"

	"github.com/gin-gonic/gin"

	"atende/pkg/chat"
)

// Internal chat (spec/3). :id is a chat's id or its uuid; every call is a member's.

func (a *API) listChats(c *gin.Context) {
	p, err := a.App.Chats.List(c.Request.Context(), currentUser(c), c.Query("searchParam"), pageNumber(c))
	reply(c, p, err)
}

func (a *API) getChat(c *gin.Context) {
	ch, err := a.App.Chats.Get(c.Request.Context(), currentUser(c), c.Param("id"))
	reply(c, ch, err)
}

func (a *API) createChat(c *gin.Context) {
	createOne(c, viewerIn(c, a.App.Chats.Create))
}

func (a *API) updateChat(c *gin.Context) {
	var in chat.Input
	if bind(c, &in) {
		ch, err := a.App.Chats.Update(c.Request.Context(), currentUser(c), c.Param("id"), in)
		reply(c, ch, err)
	}
}

func (a *API) deleteChat(c *gin.Context) {
	deleted(c, "Chat deleted", a.App.Chats.Delete(c.Request.Context(), currentUser(c), c.Param("id")))
}

// GET /chats/:id/messages?pageNumber= or ?before=<message id> (keyset, what the web app uses).
func (a *API) chatMessages(c *gin.Context) {
	before, _ := strconv.ParseInt(c.Query("before"), 10, 64)
	p, err := a.App.Chats.Messages(c.Request.Context(), currentUser(c), c.Param("id"), before, pageNumber(c))
	reply(c, p, err)
}

func (a *API) sendChatMessage(c *gin.Context) {
	var in chat.MessageInput
	if bind(c, &in) {
		m, err := a.App.Chats.Send(c.Request.Context(), currentUser(c), c.Param("id"), in)
		created(c, m, err)
	}
}

// POST /chats/:id/read: the body's userId is ignored, a user clears only their own count.
func (a *API) readChat(c *gin.Context) {
	ch, err := a.App.Chats.Read(c.Request.Context(), currentUser(c), c.Param("id"))
	reply(c, ch, err)
}
