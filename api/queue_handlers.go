package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/queue"
)

func (a *API) listQueues(c *gin.Context) {
	list, err := a.App.Queues.List(c.Request.Context())
	reply(c, list, err)
}

func (a *API) getQueue(c *gin.Context) {
	if id, ok := idParam(c, "id", queue.ErrNotFound); ok {
		q, err := a.App.Queues.Get(c.Request.Context(), id)
		reply(c, q, err)
	}
}

func (a *API) createQueue(c *gin.Context) {
	var in queue.Input
	if !bind(c, &in) {
		return
	}
	q, err := a.App.Queues.Create(c.Request.Context(), in)
	created(c, q, err)
}

func (a *API) updateQueue(c *gin.Context) {
	id, ok := idParam(c, "id", queue.ErrNotFound)
	var in queue.Input
	if !ok || !bind(c, &in) {
		return
	}
	q, err := a.App.Queues.Update(c.Request.Context(), id, in)
	reply(c, q, err)
}

func (a *API) deleteQueue(c *gin.Context) {
	if id, ok := idParam(c, "id", queue.ErrNotFound); ok {
		deleted(c, "Queue deleted", a.App.Queues.Delete(c.Request.Context(), id))
	}
}
