package api

import (
	"context"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/user"
)

// The shapes every record endpoint shares: read the :id (answering notFound when it isn't
// one) and the JSON body, call the service with the request's context, answer.

func getOne[T any](c *gin.Context, notFound *errs.Error, get func(context.Context, int64) (T, error)) {
	if id, ok := idParam(c, "id", notFound); ok {
		v, err := get(c.Request.Context(), id)
		reply(c, v, err)
	}
}

func createOne[In, T any](c *gin.Context, create func(context.Context, In) (T, error)) {
	var in In
	if bind(c, &in) {
		v, err := create(c.Request.Context(), in)
		created(c, v, err)
	}
}

func updateOne[In, T any](c *gin.Context, notFound *errs.Error, update func(context.Context, int64, In) (T, error)) {
	id, ok := idParam(c, "id", notFound)
	var in In
	if ok && bind(c, &in) {
		v, err := update(c.Request.Context(), id, in)
		reply(c, v, err)
	}
}

func deleteOne(c *gin.Context, notFound *errs.Error, msg string, del func(context.Context, int64) error) {
	if id, ok := idParam(c, "id", notFound); ok {
		deleted(c, msg, del(c.Request.Context(), id))
	}
}

// Adapters for services that take the signed-in user as the viewer.

func viewerID[T any](c *gin.Context, f func(context.Context, user.User, int64) (T, error)) func(context.Context, int64) (T, error) {
	me := currentUser(c)
	return func(ctx context.Context, id int64) (T, error) { return f(ctx, me, id) }
}

func viewerIn[In, T any](c *gin.Context, f func(context.Context, user.User, In) (T, error)) func(context.Context, In) (T, error) {
	me := currentUser(c)
	return func(ctx context.Context, in In) (T, error) { return f(ctx, me, in) }
}

func viewerIDIn[In, T any](c *gin.Context, f func(context.Context, user.User, int64, In) (T, error)) func(context.Context, int64, In) (T, error) {
	me := currentUser(c)
	return func(ctx context.Context, id int64, in In) (T, error) { return f(ctx, me, id, in) }
}

func viewerDel(c *gin.Context, f func(context.Context, user.User, int64) error) func(context.Context, int64) error {
	me := currentUser(c)
	return func(ctx context.Context, id int64) error { return f(ctx, me, id) }
}
