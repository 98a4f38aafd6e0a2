package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/kanban"
	"atende/pkg/report"
	"atende/pkg/ticket"
)

func (a *API) ticketReport(c *gin.Context) {
	res, err := a.App.Reports.Page(c.Request.Context(), report.FilterFrom(c.Request.URL.Query()))
	reply(c, res, err)
}

// exportTicketReport streams the whole filtered report as .xlsx. Nothing reaches the client
// before the rows were read (excelize writes the zip at the end), so a failure while
// reading still answers with the error.
func (a *API) exportTicketReport(c *gin.Context) {
	w := &lazyAttachment{ResponseWriter: c.Writer, name: report.ExportName,
		typ: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
	err := a.App.Reports.Export(c.Request.Context(), report.FilterFrom(c.Request.URL.Query()), w)
	if err != nil && !w.started {
		fail(c, err)
		return
	}
	if err != nil {
		slog.WarnContext(c.Request.Context(), "report export cut short", "err", err)
	}
}

// lazyAttachment sets the download headers on the first byte.
type lazyAttachment struct {
	gin.ResponseWriter
	name, typ string
	started   bool
}

func (w *lazyAttachment) Write(b []byte) (int, error) {
	if !w.started {
		w.started = true
		w.Header().Set("Content-Type", w.typ)
		w.Header().Set("Content-Disposition", `attachment; filename="`+w.name+`"`)
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

func (a *API) kanbanLanes(c *gin.Context) {
	lanes, err := a.App.Kanban.Lanes(c.Request.Context())
	reply(c, gin.H{"lista": lanes}, err)
}

func (a *API) kanbanBoard(c *gin.Context) {
	b, err := a.App.Kanban.Board(c.Request.Context(), currentUser(c), kanban.BoardFilter{
		QueueIDs: ticket.IDList(c.Query("queueIds")), StartDate: c.Query("startDate"), EndDate: c.Query("endDate")})
	reply(c, b, err)
}
