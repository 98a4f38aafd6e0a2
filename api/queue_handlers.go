package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/queue"
)

func (a *API) listQueues(c *gin.Context) {
	list, err := a.App.Queues.List(c.Request.Context())
	reply(c, list, err)
}

func (a *API) getQueue(c *gin.Context)    { getOne(c, queue.ErrNotFound, a.App.Queues.Detail) }
func (a *API) createQueue(c *gin.Context) { createOne(c, a.App.Queues.Create) }
func (a *API) updateQueue(c *gin.Context) { updateOne(c, queue.ErrNotFound, a.App.Queues.Update) }
func (a *API) deleteQueue(c *gin.Context) {
	deleteOne(c, queue.ErrNotFound, "Queue deleted", a.App.Queues.Delete)
}

// Queue options (the "chatbot" tree inside a queue).

func (a *API) getQueueOption(c *gin.Context) {
	getOne(c, queue.ErrOptionNotFound, a.App.Queues.GetOption)
}
func (a *API) createQueueOption(c *gin.Context) { createOne(c, a.App.Queues.CreateOption) }
func (a *API) updateQueueOption(c *gin.Context) {
	updateOne(c, queue.ErrOptionNotFound, a.App.Queues.UpdateOption)
}
func (a *API) deleteQueueOption(c *gin.Context) {
	deleteOne(c, queue.ErrOptionNotFound, "Chatbot deleted", a.App.Queues.DeleteOption)
}
