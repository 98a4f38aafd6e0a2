package api

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/sync/errgroup"

	"atende/pkg/dashboard"
)

// dashboardRange reads the dashboard's filter: date_from/date_to (or the charts'
// initialDate/finalDate) or days, in the company's time zone.
func dashboardRange(c *gin.Context) (dashboard.Range, bool) {
	from, to := c.Query("date_from"), c.Query("date_to")
	if from == "" && to == "" {
		from, to = c.Query("initialDate"), c.Query("finalDate")
	}
	r, err := dashboard.ParseRange(dateOnly(from), dateOnly(to), queryInt(c, "days", 0), time.Now(), currentCompany(c).Location())
	if err != nil {
		fail(c, err)
		return r, false
	}
	return r, true
}

// dateOnly keeps the yyyy-mm-dd of a date the client may send with a time.
func dateOnly(s string) string {
	if len(s) > 10 {
		return s[:10]
	}
	return s
}

// GET /dashboard: the counters of the indicators and NPS tabs and the attendants table.
func (a *API) dashboard(c *gin.Context) {
	r, ok := dashboardRange(c)
	if !ok {
		return
	}
	// The two statements side by side, on two connections: the answer waits for the slower
	// one instead of both (docs/bench.md, "Dashboard over HTTP").
	var counters dashboard.Counters
	var attendants []dashboard.Attendant
	g, ctx := errgroup.WithContext(c.Request.Context())
	g.Go(func() (err error) { counters, err = a.App.Dashboard.Counters(ctx, r); return err })
	g.Go(func() (err error) { attendants, err = a.App.Dashboard.Attendants(ctx, r); return err })
	err := g.Wait()
	reply(c, gin.H{"counters": counters, "attendants": attendants}, err)
}

// GET /dashboard/ticketsUsers: tickets per attendant.
func (a *API) dashboardTicketsUsers(c *gin.Context) {
	if r, ok := dashboardRange(c); ok {
		rows, err := a.App.Dashboard.TicketsPerUser(c.Request.Context(), r)
		reply(c, gin.H{"data": rows}, err)
	}
}

// GET /dashboard/ticketsDay: tickets per day (per hour for a single day).
func (a *API) dashboardTicketsDay(c *gin.Context) {
	if r, ok := dashboardRange(c); ok {
		rows, err := a.App.Dashboard.TicketsPerPeriod(c.Request.Context(), r)
		unit := "day"
		if r.OneDay() {
			unit = "hour"
		}
		reply(c, gin.H{"unit": unit, "data": rows}, err)
	}
}

// GET /dashboard/attendants/export: the attendants table of the filter as a spreadsheet.
func (a *API) exportDashboardAttendants(c *gin.Context) {
	r, ok := dashboardRange(c)
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := a.App.Dashboard.WriteAttendants(c.Request.Context(), r, &buf); err != nil {
		fail(c, err)
		return
	}
	last := r.To.AddDate(0, 0, -1)
	sendSheet(c, "atendentes-"+r.From.Format(time.DateOnly)+"-"+last.Format(time.DateOnly)+".xlsx", buf.Bytes())
}

// GET /dashboard/moments: the real-time panel (open and pending tickets of the last 30 days).
func (a *API) dashboardMoments(c *gin.Context) {
	f := dashboard.MomentsFilter{Statuses: splitList(c.Query("status"))}
	for _, s := range splitList(c.Query("queueIds")) {
		if id, err := strconv.ParseInt(s, 10, 64); err == nil {
			f.QueueIDs = append(f.QueueIDs, id)
		}
	}
	m, err := a.App.Dashboard.Moments(c.Request.Context(), f, time.Now())
	reply(c, m, err)
}

// splitList reads "a,b" or a JSON-ish "[a,b]" list parameter.
func splitList(s string) []string {
	s = strings.Trim(s, "[] ")
	if s == "" {
		return nil
	}
	out := []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.Trim(p, `" `); p != "" {
			out = append(out, p)
		}
	}
	return out
}
