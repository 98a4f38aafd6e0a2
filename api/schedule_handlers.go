package api

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/schedule"
)

// ScheduleMediaMaxBytes bounds a schedule's attachment (an image).
const ScheduleMediaMaxBytes = 10 << 20

// scheduleMediaTypes: the spec's png, jpg and jpeg, sniffed from the bytes.
var scheduleMediaTypes = []string{"image/png", "image/jpeg"}

// GET /schedules: searchParam, contactId, a calendar's range (start and end, RFC 3339) and
// pageNumber; answers {schedules, hasMore}.
func (a *API) listSchedules(c *gin.Context) {
	q := schedule.Query{Search: c.Query("searchParam"), PageNumber: pageNumber(c)}
	if id, err := strconv.ParseInt(c.Query("contactId"), 10, 64); err == nil && id > 0 {
		q.ContactID = id
	}
	start, errStart := time.Parse(time.RFC3339, c.Query("start"))
	end, errEnd := time.Parse(time.RFC3339, c.Query("end"))
	if errStart == nil && errEnd == nil && end.After(start) && end.Sub(start) <= 62*24*time.Hour {
		q.Start, q.End = &start, &end
	} else if c.Query("start") != "" || c.Query("end") != "" {
		fail(c, errs.Validation{"start": "Informe start e end (RFC 3339), no máximo 62 dias."}.Err())
		return
	}
	p, err := a.App.Schedules.List(c.Request.Context(), q)
	reply(c, p, err)
}

func (a *API) getSchedule(c *gin.Context) {
	getOne(c, schedule.ErrNotFound, a.App.Schedules.Get)
}

// POST /schedules: JSON, or multipart with the same fields and the image in "file", so a
// schedule due at once never leaves without its image.
func (a *API) createSchedule(c *gin.Context) {
	me := currentUser(c)
	if c.ContentType() != "multipart/form-data" {
		createOne(c, func(ctx context.Context, in schedule.Input) (schedule.Schedule, error) {
			return a.App.Schedules.Create(ctx, me, in, "", "")
		})
		return
	}
	if _, err := parseMultipart(c); err != nil {
		fail(c, err)
		return
	}
	in, err := formInput(c)
	if err != nil {
		fail(c, err)
		return
	}
	rel, name := "", ""
	if _, err := c.FormFile("file"); err == nil {
		var ok bool
		if rel, name, ok = a.saveUpload(c, "file", "schedules", ScheduleMediaMaxBytes, scheduleMediaTypes...); !ok {
			return
		}
	}
	sc, err := a.App.Schedules.Create(c.Request.Context(), me, in, rel, name)
	if err != nil && rel != "" {
		_ = a.App.Media.Remove(rel)
	}
	created(c, sc, err)
}

func (a *API) updateSchedule(c *gin.Context) {
	updateOne(c, schedule.ErrNotFound, a.App.Schedules.Update)
}

func (a *API) deleteSchedule(c *gin.Context) {
	deleteOne(c, schedule.ErrNotFound, "Schedule deleted", a.App.Schedules.Delete)
}

func (a *API) uploadScheduleMedia(c *gin.Context) {
	id, ok := idParam(c, "id", schedule.ErrNotFound)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	if err := a.App.Schedules.Editable(ctx, id); err != nil {
		fail(c, err)
		return
	}
	rel, name, ok := a.saveUpload(c, "file", "schedules", ScheduleMediaMaxBytes, scheduleMediaTypes...)
	if !ok {
		return
	}
	sc, old, err := a.App.Schedules.SetMedia(ctx, id, rel, name)
	a.replaceUpload(c, sc, rel, old, err)
}

func (a *API) deleteScheduleMedia(c *gin.Context) {
	getOne(c, schedule.ErrNotFound, a.App.Schedules.ClearMedia)
}

// formInput reads the schedule fields of a multipart form as the JSON form would carry them.
func formInput(c *gin.Context) (schedule.Input, error) {
	fields := map[string]string{}
	for _, k := range []string{"body", "contactId", "sendAt", "whatsappId", "openTicket", "ticketUserId", "queueId",
		"statusTicket", "intervalo", "valorIntervalo", "enviarQuantasVezes", "tipoDias", "assinar"} {
		if v, ok := c.GetPostForm(k); ok {
			fields[k] = v
		}
	}
	var in schedule.Input
	b, _ := json.Marshal(fields)
	if err := json.Unmarshal(b, &in); err != nil {
		return in, errs.New(400, "ERR_BAD_REQUEST", "Corpo da requisição inválido: "+err.Error())
	}
	return in, nil
}
