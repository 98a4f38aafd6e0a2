package main

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// campaignNumbers is the prefix of the campaigns' recipients: apart from the inbound
// senders (5521…), so no campaign send lands in a ticket the inbound run times.
const campaignNumbers = "55319"

// campaignSide is one company's campaign of -campaigns, made through the api as an admin
// would: the settings at the fastest an administrator may set, a contact list uploaded as
// a spreadsheet (imported by the worker), and a campaign on the company's sandbox connection
// starting now.
type campaignSide struct {
	api        apiClient
	companyID  int64
	connID     int64
	listID     int64
	importID   int64
	campaignID int64
	settings   []struct {
		Key   string `json:"key"`
		Value any    `json:"value"`
	}
	hadSettings bool // the company had stored campaign settings (else they are removed after)
	hadBudget   bool // the connection had a governor budget (else it is removed after)
}

// campaignRun is every campaign of the run and what the inbound phase measured of them.
type campaignRun struct {
	g        *gorm.DB
	sides    []*campaignSide
	interval int
	t0       time.Time
	sent0    int64
}

// fastestSettings is the pace an administrator may set at most (campaign.Settings.Validate):
// no interval (or -campaign-interval), no long pause, the whole day every day, the
// governor's ceilings (100,000 a day from the first day, 60 a minute). Its health checks
// keep the company's values: they pause, they don't pace.
func fastestSettings(interval int) map[string]any {
	return map[string]any{"messageInterval": interval, "longerIntervalAfter": 0, "greaterInterval": 0,
		"startHour": "00:00", "endHour": "00:00", "sabado": true, "domingo": true,
		"governorWarmup": []int{100000}, "governorPerMinute": 60}
}

// startCampaigns makes n campaigns, one per company of agents (admins), each to recipients
// numbers, and starts them; a failure removes what was made.
func startCampaigns(g *gorm.DB, base string, agents []agent, n, recipients, interval int) (*campaignRun, error) {
	run := &campaignRun{g: g, interval: interval}
	seen := map[int64]bool{}
	for _, ag := range agents {
		if len(run.sides) == n {
			break
		}
		if seen[ag.companyID] || ag.connID == 0 {
			continue
		}
		seen[ag.companyID] = true
		run.sides = append(run.sides, &campaignSide{api: apiClient{base, ag.token}, companyID: ag.companyID, connID: ag.connID})
	}
	if len(run.sides) < n {
		return nil, fmt.Errorf("-campaigns %d: only %d companies with a sandbox connection", n, len(run.sides))
	}
	sheet := recipientsCSV(recipients)
	stamp := time.Now().Format("150405")
	for i, s := range run.sides {
		if err := s.prepare(g, fmt.Sprintf("Bench campanha %s %d", stamp, i+1), sheet, interval); err != nil {
			run.remove()
			return nil, err
		}
	}
	for _, s := range run.sides {
		if err := s.waitImport(recipients); err != nil {
			run.remove()
			return nil, err
		}
	}
	for i, s := range run.sides {
		if err := s.start(fmt.Sprintf("Bench %s %d", stamp, i+1)); err != nil {
			run.remove()
			return nil, err
		}
	}
	return run, nil
}

// recipientsCSV is a contact list spreadsheet of n numbers.
func recipientsCSV(n int) []byte {
	var b bytes.Buffer
	b.WriteString("name,number\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "Destinatário %d,%s%08d\n", i, campaignNumbers, i)
	}
	return b.Bytes()
}

// prepare sets the fastest pace, creates the contact list and uploads its spreadsheet.
func (s *campaignSide) prepare(g *gorm.DB, name string, sheet []byte, interval int) error {
	var n int64
	g.Raw(`SELECT count(*) FROM campaign_settings WHERE company_id = ?`, s.companyID).Scan(&n)
	s.hadSettings = n > 0
	g.Raw(`SELECT count(*) FROM campaign_budgets WHERE connection_id = ?`, s.connID).Scan(&n)
	s.hadBudget = n > 0
	if err := s.api.call("GET", "/campaign-settings", nil, &s.settings); err != nil {
		return err
	}
	if err := s.api.call("POST", "/campaign-settings", fastestSettings(interval), nil); err != nil {
		return err
	}
	var list struct{ ID int64 }
	if err := s.api.call("POST", "/contact-lists", map[string]string{"name": name}, &list); err != nil {
		return err
	}
	s.listID = list.ID
	var im struct{ ID int64 }
	err := s.api.upload(fmt.Sprintf("/contact-lists/%d/upload", s.listID), "destinatarios.csv", sheet, &im)
	s.importID = im.ID
	return err
}

// waitImport waits for the worker to import the list.
func (s *campaignSide) waitImport(want int) error {
	for deadline := time.Now().Add(10 * time.Minute); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		var ims []struct {
			ID       int64
			Status   string
			Error    string
			Imported int
		}
		if err := s.api.call("GET", fmt.Sprintf("/contact-lists/%d/imports", s.listID), nil, &ims); err != nil {
			return err
		}
		for _, im := range ims {
			switch {
			case im.ID != s.importID:
			case im.Status == "failed" || im.Status == "done" && im.Imported != want:
				return fmt.Errorf("contact list %d: import %s %s, %d of %d imported", s.listID, im.Status, im.Error, im.Imported, want)
			case im.Status == "done":
				return nil
			}
		}
	}
	return fmt.Errorf("contact list %d: import not done in 10 minutes", s.listID)
}

// start creates the campaign starting now, which writes its shippings and starts the pacer.
func (s *campaignSide) start(name string) error {
	var c struct {
		ID     int64
		Status string
	}
	err := s.api.call("POST", "/campaigns", map[string]any{"name": name, "message1": "Oi {nome}, oferta da semana para {numero}.",
		"contactListId": s.listID, "whatsappId": s.connID, "scheduledAt": time.Now().UTC().Format(time.RFC3339)}, &c)
	s.campaignID = c.ID
	if err == nil && c.Status != "EM_ANDAMENTO" {
		err = fmt.Errorf("campaign %d is %s, not running", c.ID, c.Status)
	}
	return err
}

func (r *campaignRun) ids() []int64 {
	ids := make([]int64, 0, len(r.sides))
	for _, s := range r.sides {
		if s.campaignID != 0 {
			ids = append(ids, s.campaignID)
		}
	}
	return ids
}

func (r *campaignRun) delivered() int64 {
	var n int64
	r.g.Raw(`SELECT count(*) FROM campaign_shippings WHERE campaign_id IN ? AND delivered_at IS NOT NULL`, r.ids()).Scan(&n)
	return n
}

// begin marks the start of the measured phase.
func (r *campaignRun) begin() {
	if r != nil {
		r.t0, r.sent0 = time.Now(), r.delivered()
	}
}

// report is the campaigns' sends from begin until now: the rate, the busiest second (the
// pacer's ticks run on whole seconds, so at interval 0 a campaign sends about once a second,
// just under the governor's 60 a minute) and why the campaigns wait now.
func (r *campaignRun) report() string {
	if r == nil {
		return ""
	}
	t1 := time.Now()
	sent := r.delivered() - r.sent0
	secs := t1.Sub(r.t0).Seconds()
	var peak int64
	r.g.Raw(`SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM campaign_shippings
		WHERE campaign_id IN ? AND delivered_at >= ? AND delivered_at < ? GROUP BY date_trunc('second', delivered_at)) s`,
		r.ids(), r.t0, t1).Scan(&peak)
	var waits []struct {
		Status, WaitReason, PausedReason string
		N                                int
	}
	r.g.Raw(`SELECT status, wait_reason, paused_reason, count(*) AS n FROM campaigns WHERE id IN ?
		GROUP BY 1, 2, 3 ORDER BY 4 DESC`, r.ids()).Scan(&waits)
	var states []string
	for _, w := range waits {
		st := w.Status
		if w.WaitReason != "" {
			st += " waiting for " + w.WaitReason
		}
		if w.PausedReason != "" {
			st += " paused for " + w.PausedReason
		}
		states = append(states, fmt.Sprintf("%d %s", w.N, st))
	}
	return fmt.Sprintf("Campaigns: %d at interval %d s and 60 a minute per connection: %d sends delivered in %.1fs of the inbound run → %.1f sends/s (busiest second %d); now %s\n",
		len(r.sides), r.interval, sent, secs, float64(sent)/secs, peak, strings.Join(states, ", "))
}

// stop cancels the campaigns and waits (30 s at most) for the receipts of their sends to
// pass through the pipeline, so that the inbound clean-up finds none still to come.
func (r *campaignRun) stop() {
	if r == nil {
		return
	}
	for _, s := range r.sides {
		if s.campaignID != 0 {
			if err := s.api.call("POST", fmt.Sprintf("/campaigns/%d/cancel", s.campaignID), nil, nil); err != nil {
				fmt.Println("campaigns:", err)
			}
		}
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		var unread int64
		r.g.Raw(`SELECT count(*) FROM campaign_shippings WHERE campaign_id IN ? AND delivered_at IS NOT NULL AND ack < 3`,
			r.ids()).Scan(&unread)
		if unread == 0 {
			return
		}
	}
}

// remove deletes what startCampaigns made through the api (campaigns, lists, settings
// restored), then what the api keeps on purpose: the sandbox's record of the sends, and the
// governor budget of a connection that had none.
func (r *campaignRun) remove() {
	if r == nil {
		return
	}
	for _, s := range r.sides {
		for _, err := range s.remove(r.g) {
			fmt.Println("campaigns clean-up:", err)
		}
	}
}

func (s *campaignSide) remove(g *gorm.DB) []error {
	var errs []error
	keep := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	if s.campaignID != 0 {
		_ = s.api.call("POST", fmt.Sprintf("/campaigns/%d/cancel", s.campaignID), nil, nil) // already canceled after a run
		keep(s.api.call("DELETE", fmt.Sprintf("/campaigns/%d", s.campaignID), nil, nil))
	}
	if s.listID != 0 {
		keep(s.api.call("DELETE", fmt.Sprintf("/contact-lists/%d", s.listID), nil, nil))
	}
	if s.settings != nil {
		prior := map[string]any{}
		for _, kv := range s.settings {
			prior[kv.Key] = kv.Value
		}
		keep(s.api.call("POST", "/campaign-settings", prior, nil))
		if !s.hadSettings {
			keep(g.Exec(`DELETE FROM campaign_settings WHERE company_id = ?`, s.companyID).Error)
		}
	}
	keep(g.Exec(`DELETE FROM sandbox_outbox WHERE connection_id = ? AND number LIKE ?`, s.connID, campaignNumbers+"%").Error)
	if !s.hadBudget {
		keep(g.Exec(`DELETE FROM campaign_budgets WHERE connection_id = ?`, s.connID).Error)
	}
	return errs
}
