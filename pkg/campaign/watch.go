package campaign

import (
	"context"
	"math/rand/v2"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	atdb "atende/pkg/db"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
)

// ConfirmDelay bounds the random pause before a confirmed contact gets the message.
const ConfirmDelay = 10 * time.Second

// Watcher is what campaigns learn from inbound events (the inbound pipeline calls it in
// its transaction, inbound.CampaignWatcher): receipts of campaign sends, a contact's first
// reply after the confirmation request (the confirmation, whatever it says), and echoes of
// campaign texts, which are dropped.
type Watcher struct {
	Queue  tasks.Enqueuer
	Events realtime.Publisher
	Now    func() time.Time // nil: time.Now
}

type ackKey struct {
	conn int64
	id   string
}

// Observe looks at a batch's events (conns[i] is evs[i]'s connection) and tells which to
// drop: echoes, and receipts of campaign sends that have no message row (openTicket off).
func (w Watcher) Observe(ctx context.Context, tx *gorm.DB, conns []int64, evs []channel.Event) ([]bool, error) {
	drop := make([]bool, len(evs))
	acks := map[ackKey]int{}
	at := map[ackKey][]int{}
	var replyConns atdb.Int64s
	var replyFrom atdb.Texts
	for i, ev := range evs {
		switch {
		case ev.Kind == channel.EventMessage && ev.FromMe && IsEcho(ev.Body):
			drop[i] = true
		case ev.Kind == channel.EventMessage && !ev.FromMe && !ev.IsGroup && ev.From != "":
			replyConns, replyFrom = append(replyConns, conns[i]), append(replyFrom, ev.From)
		case ev.Kind == channel.EventAck && ev.TargetID != "":
			k := ackKey{conns[i], ev.TargetID}
			if cur, ok := acks[k]; !ok || ev.Ack > cur || ev.Ack == -1 && cur < 2 {
				acks[k] = ev.Ack
			}
			at[k] = append(at[k], i)
		}
	}
	touched := map[[2]int64]bool{}
	if len(acks) > 0 {
		if err := w.receipts(tx, acks, at, drop, touched); err != nil {
			return nil, err
		}
	}
	if len(replyFrom) > 0 {
		if err := w.confirm(ctx, tx, replyConns, replyFrom, touched); err != nil {
			return nil, err
		}
	}
	w.progress(ctx, touched)
	return drop, nil
}

// receipts records delivery, read and failure receipts on the shippings they are about.
func (w Watcher) receipts(tx *gorm.DB, acks map[ackKey]int, at map[ackKey][]int, drop []bool, touched map[[2]int64]bool) error {
	var conns atdb.Int64s
	var ids atdb.Texts
	var levels atdb.Int64s
	keys := make([]ackKey, 0, len(acks))
	for k, a := range acks {
		conns, ids, levels, keys = append(conns, k.conn), append(ids, k.id), append(levels, int64(a)), append(keys, k)
	}
	var rows []struct {
		N          int
		Stored     bool
		CampaignID int64
		CompanyID  int64
	}
	err := tx.Raw(`WITH ev AS (SELECT * FROM unnest(?::bigint[], ?::text[], ?::int[]) WITH ORDINALITY AS e(conn, pid, ack, n)),
		upd AS (UPDATE campaign_shippings s SET
		    ack = CASE WHEN ev.ack < 0 THEN s.ack ELSE GREATEST(s.ack, ev.ack) END,
		    failed_at = CASE WHEN ev.ack < 0 AND s.ack < 2 THEN coalesce(s.failed_at, now()) ELSE s.failed_at END,
		    error = CASE WHEN ev.ack < 0 AND s.ack < 2 THEN 'recusada pelo canal' ELSE s.error END,
		    updated_at = now()
		  FROM ev WHERE s.connection_id = ev.conn AND s.provider_id = ev.pid
		  RETURNING ev.n, s.ticket_id IS NOT NULL AS stored, s.campaign_id, s.company_id),
		conf AS (SELECT ev.n, s.ticket_id IS NOT NULL AS stored, s.campaign_id, s.company_id
		  FROM campaign_shippings s JOIN ev ON s.connection_id = ev.conn AND s.confirm_provider_id = ev.pid)
		SELECT * FROM upd UNION ALL SELECT * FROM conf`, conns, ids, levels).Find(&rows).Error
	if err != nil {
		return err
	}
	for _, r := range rows {
		touched[[2]int64{r.CompanyID, r.CampaignID}] = true
		if r.Stored {
			continue // the ticket's message row takes the receipt too
		}
		for _, i := range at[keys[r.N-1]] {
			drop[i] = true
		}
	}
	return nil
}

// confirm marks the contacts asked for confirmation who now wrote as confirmed, whatever
// the campaign's state (a reply while the governor or the user paused it counts, and
// Restart sends them the message), and wakes running campaigns that were only waiting for
// replies after a short random pause.
func (w Watcher) confirm(ctx context.Context, tx *gorm.DB, conns atdb.Int64s, from atdb.Texts, touched map[[2]int64]bool) error {
	var rows []struct {
		CampaignID int64
		CompanyID  int64
	}
	if err := tx.Raw(`UPDATE campaign_shippings s SET confirmed_at = now(), updated_at = now()
		FROM (SELECT DISTINCT * FROM unnest(?::bigint[], ?::text[])) AS r(conn, number), campaigns c
		WHERE s.connection_id = r.conn AND s.number = r.number AND s.confirmation_requested_at IS NOT NULL
		  AND s.confirmed_at IS NULL AND s.failed_at IS NULL
		  AND c.id = s.campaign_id AND c.confirmation
		RETURNING s.campaign_id, s.company_id`, conns, from).Find(&rows).Error; err != nil || len(rows) == 0 {
		return err
	}
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	for _, r := range rows {
		k := [2]int64{r.CompanyID, r.CampaignID}
		if touched[k] {
			continue
		}
		touched[k] = true
		next := now.Add(time.Duration(rand.Int64N(int64(ConfirmDelay))))
		res := tx.Exec(`UPDATE campaigns SET next_send_at = ?, wait_reason = ?, wait_until = ?, updated_at = now()
			WHERE id = ? AND status = 'EM_ANDAMENTO' AND wait_reason = ?`, next, WaitInterval, next, r.CampaignID, WaitConfirmations)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 1 {
			// Queued before this transaction commits; the delay covers that, and a tick that
			// came too early is requeued by the reconciler.
			if t, err := tasks.NewCampaignTick(r.CompanyID, r.CampaignID, next); err == nil {
				_ = tasks.Enqueue(ctx, w.Queue, t)
			}
		}
	}
	return nil
}

// progress tells open reports that counts changed (they read them again).
func (w Watcher) progress(ctx context.Context, touched map[[2]int64]bool) {
	if w.Events == nil {
		return
	}
	for k := range touched {
		_ = w.Events.Publish(ctx, realtime.ToCompany(k[0], "campaign",
			map[string]any{"action": "progress", "campaignId": k[1]}))
	}
}
