package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/queue"
)

func (a *API) listQueues(c *gin.Context) {
	list, err := a.App.Queues.List(c.Request.Context())
	reply(c, list, err)
}

func (a *API) getQueue(c *gin.Context)    { getOne(c, queue.ErrNotFound, a.App.Queues.Get) }
func (a *API) createQueue(c *gin.Context) { createOne(c, a.App.Queues.Create) }
func (a *API) updateQueue(c *gin.Context) { updateOne(c, queue.ErrNotFound, a.App.Queues.Update) }
func (a *API) deleteQueue(c *gin.Context) {
	deleteOne(c, queue.ErrNotFound, "Queue deleted", a.App.Queues.Delete)
}
