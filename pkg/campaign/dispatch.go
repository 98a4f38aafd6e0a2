package campaign

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/channel"
	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// Dispatcher paces campaigns (DESIGN "Long-running work"): the cursor (next send time,
// sends since the last long pause) lives on the campaign row, a tick is an asynq task at
// that time, and the row lock a tick holds is the lease that lets one pacer at a time work
// a campaign, whichever worker runs it. Each send is one shipping row, sent under an id
// derived from it that the channels treat as an idempotency key: a tick delivered twice, a
// worker killed after the send and before the commit, or a Redis flush never sends twice.
type Dispatcher struct {
	DB       *gorm.DB
	Channels channel.Registry
	Queue    tasks.Enqueuer
	Events   realtime.Publisher
	Now      func() time.Time // the clock; nil is time.Now
}

func (d Dispatcher) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

// KeepPace is how late a tick may run and still count its gap from its cursor.
const KeepPace = 2 * time.Second

// MaxAttempts is how many sends a number may refuse (errors of the number, not of the
// connection) before its shipping fails and the campaign goes on.
const MaxAttempts = 3

// SendID is the channel message id of a shipping's step (0 the confirmation request, 1 the
// message or its caption, 2 an audio after its text): negative, so it never meets a
// message id.
func SendID(shippingID int64, step int) int64 { return -(shippingID*4 + int64(step)) }

// outcome is what a committed step leaves to do.
type outcome struct {
	next    time.Time // queue the next tick then (zero: none)
	early   time.Time // this tick ran before the cursor (at this time): queue the next one apart
	changed bool      // the campaign row changed: announce it
	tickets []int64   // tickets a send was stored in
	retry   error     // a send the number refused, counted: the task tries the step again
}

// Start moves a scheduled campaign whose time has come to EM_ANDAMENTO: its shippings are
// written in one statement and the pacer is woken. Early or stale start tasks do nothing.
func (d Dispatcher) Start(ctx context.Context, companyID, campaignID int64) error {
	ctx = tenant.With(ctx, companyID)
	var out outcome
	err := d.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, ok, err := lock(tx, companyID, campaignID, false)
		if err != nil || !ok || c.Status != StatusScheduled || c.ScheduledAt == nil || c.ScheduledAt.After(d.now().Add(time.Second)) {
			return err
		}
		out, err = d.begin(ctx, tx, &c)
		return err
	})
	if err != nil {
		return err
	}
	d.after(ctx, companyID, campaignID, out)
	return nil
}

// begin writes the shippings (new numbers only: one per campaign and number, ever) and
// sets the campaign running from now.
func (d Dispatcher) begin(ctx context.Context, tx *gorm.DB, c *Campaign) (outcome, error) {
	if _, err := WriteShippings(ctx, tx, *c); err != nil {
		return outcome{}, err
	}
	if _, err := d.checkPending(ctx, tx, *c); err != nil {
		return outcome{}, err
	}
	now := d.now()
	c.Status, c.NextSendAt, c.RunSent, c.CompletedAt = StatusRunning, &now, 0, nil
	c.WaitReason, c.WaitUntil, c.WaitDetail, c.PausedReason = "", nil, Detail{}, ""
	return outcome{next: now, changed: true}, saveCursor(tx, c)
}

// WriteShippings inserts a shipping for every number of the campaign's audience that has
// none yet, in one statement (BEHAVIOUR §7): the list's items validated as WhatsApp numbers
// (unchecked ones wait for their check, checkPending), and the phone contacts carrying the
// tag (the tag reading of zetta: merged by number). A tag's Messenger and Instagram contacts
// keep page-scoped ids as numbers: never sent; sandbox contacts only through a sandbox.
func WriteShippings(ctx context.Context, tx *gorm.DB, c Campaign) (int64, error) {
	list, tag, conn := int64(0), int64(0), int64(0)
	if c.ContactListID != nil {
		list = *c.ContactListID
	}
	if c.TagListID != nil {
		tag = *c.TagListID
	}
	if c.ConnectionID != nil {
		conn = *c.ConnectionID
	}
	res := tx.WithContext(ctx).Exec(`INSERT INTO campaign_shippings (company_id, campaign_id, contact_list_item_id, contact_id, name, number, email)
		SELECT CAST(@company AS bigint), CAST(@campaign AS bigint), i.id, NULL::bigint, i.name, i.number, i.email FROM contact_list_items i
		  WHERE i.contact_list_id = @list AND i.company_id = @company AND i.is_whatsapp_valid AND i.number <> ''
		UNION ALL
		SELECT CAST(@company AS bigint), CAST(@campaign AS bigint), NULL::bigint, ct.id, ct.name, ct.number, ct.email FROM contact_tags t JOIN contacts ct ON ct.id = t.contact_id
		  WHERE t.tag_id = @tag AND t.company_id = @company AND NOT ct.is_group AND ct.active AND ct.number ~ '^[0-9]{8,}$'
		    AND (ct.channel IN @phones OR ct.channel = @sandbox AND EXISTS (SELECT 1 FROM connections k
		      WHERE k.id = @conn AND k.company_id = @company AND k.channel = @sandbox))
		ON CONFLICT (campaign_id, number) DO NOTHING`,
		map[string]any{"company": c.CompanyID, "campaign": c.ID, "list": list, "tag": tag, "conn": conn,
			"phones": []string{connection.ChannelWhatsApp, connection.ChannelWhatsAppAPI}, "sandbox": connection.ChannelSandbox})
	return res.RowsAffected, res.Error
}

// checkPending has the list's unchecked numbers checked through the campaign's connection
// (what contactlist.CheckPending queues: the check task, in the worker, in batches, a batch
// queued twice run once), so that they join the audience once validated: the pacer tops
// the audience up before it settles, and settle waits a while for checks still running.
// It reports whether the list had unchecked numbers.
func (d Dispatcher) checkPending(ctx context.Context, tx *gorm.DB, c Campaign) (bool, error) {
	if c.ContactListID == nil || c.ConnectionID == nil {
		return false, nil
	}
	var n int64
	err := tx.Raw(`SELECT count(*) FROM (SELECT 1 FROM contact_list_items WHERE contact_list_id = ? AND company_id = ?
		AND is_whatsapp_valid IS NULL LIMIT 1) u`, *c.ContactListID, c.CompanyID).Scan(&n).Error
	if err != nil || n == 0 {
		return false, err
	}
	t, err := tasks.NewContactListCheck(tasks.ContactListCheck{CompanyID: c.CompanyID, ContactListID: *c.ContactListID,
		ConnectionID: *c.ConnectionID})
	if err == nil {
		_ = tasks.Enqueue(ctx, d.Queue, t) // queued already (its TaskID), or lost: asked again when the campaign settles
	}
	return true, nil
}

// lock reads a campaign under a row lock: the pacer's lease. skip makes a locked row
// (another pacer at work) read as absent instead of waiting for it.
func lock(tx *gorm.DB, companyID, id int64, skip bool) (Campaign, bool, error) {
	var c Campaign
	l := clause.Locking{Strength: "UPDATE"}
	if skip {
		l.Options = "SKIP LOCKED"
	}
	res := tx.Clauses(l).Where("id = ? AND company_id = ?", id, companyID).Limit(1).Find(&c)
	return c, res.RowsAffected == 1, res.Error
}

func saveCursor(tx *gorm.DB, c *Campaign) error {
	c.UpdatedAt = time.Now()
	return tx.Model(&Campaign{}).Where("id = ?", c.ID).Updates(map[string]any{
		"status": c.Status, "next_send_at": c.NextSendAt, "run_sent": c.RunSent, "completed_at": c.CompletedAt,
		"wait_reason": c.WaitReason, "wait_until": c.WaitUntil, "wait_detail": c.WaitDetail,
		"paused_reason": c.PausedReason, "updated_at": c.UpdatedAt}).Error
}

// Tick is one step of a running campaign's pacer: at most one send, then the next tick.
// at is the time the tick was queued for (zero: unknown, as from a reconciler's pass).
func (d Dispatcher) Tick(ctx context.Context, companyID, campaignID int64, at time.Time) error {
	ctx = tenant.With(ctx, companyID)
	var out outcome
	err := d.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, ok, err := lock(tx, companyID, campaignID, true)
		if err != nil || !ok || c.Status != StatusRunning {
			return err // gone, stopped, or paced right now by another worker
		}
		now := d.now()
		if c.NextSendAt != nil && c.NextSendAt.After(now) {
			// The cursor says later: a stale or repeated tick (its time is past; the cursor's
			// own tick is queued), or the cursor's tick run early by a worker whose clock is
			// behind, which must queue it again under another TaskID than its own.
			out.next = *c.NextSendAt
			if !at.IsZero() && !at.Before(*c.NextSendAt) {
				out.early = now
			}
			return nil
		}
		out, err = d.step(ctx, tx, &c, now)
		return err
	})
	if err != nil {
		return err
	}
	d.after(ctx, companyID, campaignID, out)
	return out.retry
}

// wait records why the campaign does not send until at.
func wait(tx *gorm.DB, c *Campaign, reason string, at *time.Time, detail Detail) (outcome, error) {
	if detail == nil {
		detail = Detail{}
	}
	c.WaitReason, c.WaitUntil, c.WaitDetail, c.NextSendAt = reason, at, detail, at
	out := outcome{changed: true}
	if at != nil {
		out.next = *at
	}
	return out, saveCursor(tx, c)
}

// step decides and performs the campaign's next move at now.
func (d Dispatcher) step(ctx context.Context, tx *gorm.DB, c *Campaign, now time.Time) (outcome, error) {
	set, err := LoadSettings(ctx, tx, c.CompanyID)
	if err != nil {
		return outcome{}, err
	}
	comp, err := company.Store{DB: tx}.GetWithPlan(ctx, c.CompanyID) // its zone, state and plan: one query
	if err != nil {
		return outcome{}, err
	}
	loc := comp.Location()
	if why := notAllowed(comp, now); why != "" {
		// Like a connection that is gone: nothing is sent, and the campaign looks again.
		at := now.Add(NotAllowedRetry)
		return wait(tx, c, WaitNotAllowed, &at, Detail{"why": why})
	}
	var conn connection.Connection
	if c.ConnectionID != nil {
		conn, err = connection.Store{DB: tx}.Get(ctx, *c.ConnectionID)
	}
	if c.ConnectionID == nil || err != nil || conn.Status != connection.StatusConnected {
		at := now.Add(DisconnectedRetry)
		return wait(tx, c, WaitDisconnected, &at, nil)
	}
	if at, why := set.Window(now, loc); why != "" {
		return wait(tx, c, why, &at, nil)
	}
	sh, ok, err := nextShipping(tx, *c)
	if err == nil && !ok {
		// Nothing left: the audience as it is now (numbers validated since the start, by
		// checkPending's check or by hand, join; one shipping per number still).
		var added int64
		if added, err = WriteShippings(ctx, tx, *c); err == nil && added > 0 {
			sh, ok, err = nextShipping(tx, *c)
		}
	}
	if err != nil {
		return outcome{}, err
	}
	if !ok {
		return d.settle(ctx, tx, c, now)
	}
	b, err := lockBudget(tx, conn, now)
	if err != nil {
		return outcome{}, err
	}
	h, err := readHealth(tx, conn.ID, b.HealthSince, now, set.Governor.Window)
	if err != nil {
		return outcome{}, err
	}
	if why, detail := set.Governor.Check(h); why != "" {
		c.Status, c.PausedReason = StatusCanceled, why
		return wait(tx, c, why, nil, detail)
	}
	if at, why, detail := set.Governor.Allow(&b, now, loc); why != "" {
		if err := tx.Save(&b).Error; err != nil {
			return outcome{}, err
		}
		return wait(tx, c, why, &at, detail)
	}
	out := outcome{changed: true}
	ticketID, err := d.send(ctx, tx, *c, conn, &sh, set, now)
	var elsewhere *channel.ElsewhereError
	var refused *sendError
	failed := false
	switch {
	case errors.As(err, &elsewhere):
		return outcome{}, err // the session's owner takes the tick (worker handoff)
	case channel.Final(err):
		failed = true
	case errors.As(err, &refused) && numberFault(err):
		// The number's send failed, not the connection: counted on the shipping (committed,
		// so every try adds up, whichever worker runs it), tried again after the task's
		// back-off, and past MaxAttempts failed as a refused number is, so that one bad
		// number never holds the campaign.
		if sh.Attempts+1 < MaxAttempts {
			return outcome{retry: fmt.Errorf("campaign %d: shipping %d, try %d of %d: %w", c.ID, sh.ID, sh.Attempts+1, MaxAttempts, err)},
				tx.Model(&Shipping{}).Where("id = ?", sh.ID).Updates(map[string]any{"attempts": sh.Attempts + 1,
					"error": err.Error(), "connection_id": conn.ID, "updated_at": time.Now()}).Error
		}
		failed = true
	case err != nil:
		return outcome{}, fmt.Errorf("campaign %d: %w", c.ID, err) // retried by the task, not counted
	case ticketID != 0:
		out.tickets = []int64{ticketID}
	}
	if failed {
		if err := tx.Model(&Shipping{}).Where("id = ?", sh.ID).Updates(map[string]any{"failed_at": now,
			"error": err.Error(), "attempts": sh.Attempts + 1, "connection_id": conn.ID, "updated_at": time.Now()}).Error; err != nil {
			return outcome{}, err
		}
	}
	b.Spend(now, loc)
	if err := tx.Save(&b).Error; err != nil {
		return outcome{}, err
	}
	c.RunSent++
	gap, why := set.Gap(c.RunSent)
	// The gap runs from the cursor when this send kept to it (a tick runs a moment after
	// its time), so that sends keep their spacing; after a wait, from now.
	base := now
	if c.NextSendAt != nil && !c.NextSendAt.After(now) && now.Sub(*c.NextSendAt) < KeepPace {
		base = *c.NextSendAt
	}
	at := base.Add(gap)
	// The next cursor is always later than this one: the tick's TaskID is its time, and this
	// tick still holds its own.
	if prev := c.NextSendAt; prev != nil && !at.After(*prev) {
		at = now
		if !at.After(*prev) {
			at = prev.Add(time.Millisecond)
		}
	}
	o, err := wait(tx, c, why, &at, nil)
	o.tickets = out.tickets
	return o, err
}

// Why a company may not send (WaitNotAllowed's Detail "why").
const (
	NotAllowedPlan    = "plan"    // its plan has no useCampaigns
	NotAllowedBlocked = "blocked" // blocked by the operator, or being deleted
	NotAllowedExpired = "expired" // past its due date
)

// notAllowed is why the company may not send campaigns at now ("" when it may): what its
// users are refused too (the route table's plan flag, a blocked or expired company).
func notAllowed(c company.Company, now time.Time) string {
	switch {
	case c.Blocked():
		return NotAllowedBlocked
	case c.Expired(now):
		return NotAllowedExpired
	case c.Plan == nil || !c.Plan.Flag("useCampaigns"):
		return NotAllowedPlan
	}
	return ""
}

// offline is how a channel marks a send error as the connection's, not the number's
// (whatsapp.OfflineError: the session is down or held by no worker yet, WhatsApp did not
// answer).
type offline interface{ Offline() bool }

// numberFault reports whether a failed send counts against its number: not when the
// connection failed (the channel says so, or the network or a deadline did) nor when the
// provider asked us to slow down (channel.RetryLater). Those are retried for as long as it
// takes, as a campaign whose connection is down waits.
func numberFault(err error) bool {
	var o offline
	var ne net.Error
	var later *channel.RetryLater
	switch {
	case errors.As(err, &o) && o.Offline(), errors.As(err, &ne), errors.As(err, &later),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return false
	}
	return true
}

// nextShipping is the next number to work: a confirmed one waiting for its message first,
// else the oldest not asked nor sent.
func nextShipping(tx *gorm.DB, c Campaign) (Shipping, bool, error) {
	var sh Shipping
	q := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("campaign_id = ? AND delivered_at IS NULL AND failed_at IS NULL", c.ID)
	if c.Confirmation {
		res := q.Session(&gorm.Session{}).Where("confirmed_at IS NOT NULL").Order("id").Limit(1).Find(&sh)
		if res.Error != nil || res.RowsAffected == 1 {
			return sh, res.RowsAffected == 1, res.Error
		}
	}
	res := q.Where("confirmation_requested_at IS NULL").Order("id").Limit(1).Find(&sh)
	return sh, res.RowsAffected == 1, res.Error
}

// settle ends a campaign with nothing left to send: finished, or waiting a while for the
// check of list numbers not checked yet (CheckWait at most), or (confirmation campaigns)
// for the replies of the contacts asked (BEHAVIOUR §7's finish rule).
func (d Dispatcher) settle(ctx context.Context, tx *gorm.DB, c *Campaign, now time.Time) (outcome, error) {
	since := now
	if v, ok := c.WaitDetail["since"].(float64); ok && c.WaitReason == WaitChecking {
		since = time.UnixMilli(int64(v))
	}
	if now.Sub(since) < CheckWait {
		pending, err := d.checkPending(ctx, tx, *c)
		if err != nil {
			return outcome{}, err
		}
		if pending {
			at := now.Add(CheckPoll)
			return wait(tx, c, WaitChecking, &at, Detail{"since": since.UnixMilli()})
		}
	}
	if c.Confirmation {
		var asked int64
		if err := tx.Model(&Shipping{}).Where(`campaign_id = ? AND confirmation_requested_at IS NOT NULL
			AND confirmed_at IS NULL AND failed_at IS NULL`, c.ID).Limit(1).Count(&asked).Error; err != nil {
			return outcome{}, err
		}
		if asked > 0 {
			return wait(tx, c, WaitConfirmations, nil, nil)
		}
	}
	c.Status, c.CompletedAt = StatusFinished, &now
	return wait(tx, c, "", nil, nil)
}

// lockBudget reads the connection's governor budget under a row lock, so campaigns
// sharing the connection spend it one at a time.
func lockBudget(tx *gorm.DB, conn connection.Connection, now time.Time) (Budget, error) {
	if err := tx.Exec(`INSERT INTO campaign_budgets (connection_id, company_id, health_since) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, conn.ID, conn.CompanyID, now.Add(-24*time.Hour)).Error; err != nil {
		return Budget{}, err
	}
	var b Budget
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("connection_id = ?", conn.ID).Take(&b).Error
	return b, err
}

// readHealth reads the connection's latest sends (at most window, since since).
func readHealth(tx *gorm.DB, connID int64, since, now time.Time, window int) (Health, error) {
	if window <= 0 {
		window = DefaultGovernor().Window
	}
	var h Health
	err := tx.Raw(`SELECT count(*) AS sent, count(failed_at) AS failed,
		  count(*) FILTER (WHERE failed_at IS NULL AND delivered_at < @settled) AS settled,
		  count(*) FILTER (WHERE failed_at IS NULL AND delivered_at < @settled AND ack >= 2) AS delivered,
		  count(*) FILTER (WHERE failed_at IS NULL AND delivered_at < @settled AND ack >= 3) AS read
		FROM (SELECT failed_at, delivered_at, ack FROM campaign_shippings
		  WHERE connection_id = @conn AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)
		    AND coalesce(delivered_at, failed_at) > @since
		  ORDER BY coalesce(delivered_at, failed_at) DESC LIMIT @window) w`,
		map[string]any{"conn": connID, "since": since, "settled": now.Add(-Settle), "window": window}).Scan(&h).Error
	return h, err
}

// after queues the next tick and announces the change, once the step committed.
func (d Dispatcher) after(ctx context.Context, companyID, campaignID int64, out outcome) {
	if !out.next.IsZero() {
		t, err := tasks.NewCampaignTick(companyID, campaignID, out.next)
		if !out.early.IsZero() {
			t, err = tasks.NewCampaignTickAfterEarly(companyID, campaignID, out.next, out.early)
		}
		if err == nil {
			_ = tasks.Enqueue(ctx, d.Queue, t) // lost: the reconciler queues it again
		}
	}
	if out.changed {
		d.announce(ctx, companyID, campaignID)
	}
	d.announceTickets(ctx, out.tickets)
}

// announce publishes the campaign as it is now (list rows, the report's status and wait).
func (d Dispatcher) announce(ctx context.Context, companyID, campaignID int64) {
	if d.Events == nil {
		return
	}
	var c Campaign
	if d.DB.WithContext(ctx).Where("id = ? AND company_id = ?", campaignID, companyID).Take(&c).Error != nil {
		return
	}
	_ = d.Events.Publish(ctx, realtime.ToCompany(companyID, "campaign", map[string]any{"action": "update", "record": c}))
}
