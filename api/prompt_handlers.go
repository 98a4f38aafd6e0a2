package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/prompt"
)

// AI prompts (spec/3 Prompts): admins of companies whose plan has useOpenAi.

func (a *API) listPrompts(c *gin.Context) {
	l, err := a.App.Prompts.List(c.Request.Context())
	reply(c, l, err)
}

func (a *API) getPrompt(c *gin.Context) { getOne(c, prompt.ErrNotFound, a.App.Prompts.Get) }

func (a *API) createPrompt(c *gin.Context) { createOne(c, a.App.Prompts.Create) }

func (a *API) updatePrompt(c *gin.Context) {
	updateOne(c, prompt.ErrNotFound, a.App.Prompts.Update)
}

func (a *API) deletePrompt(c *gin.Context) {
	deleteOne(c, prompt.ErrNotFound, "Prompt deletado", a.App.Prompts.Delete)
}
