package sandbox

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/tasks"
)

// A phone reports receipts for several messages at once, and so does the sandbox: every
// ReceiptTick one round reports what all sandbox connections sent in that tick. One
// scheduled task per message and receipt made every bot reply cost two tasks, two event
// writes and two inbound batches; a round costs that once for hundreds of deliveries.

// roundKey names one receipt round: the end of the tick its deliveries were sent in and
// the receipt (2 delivered, 3 read).
type roundKey struct {
	before int64
	ack    int
}

// rounds remembers the rounds this process queued, so that the second and later sends of a
// tick don't ask Redis again (the TaskID would refuse them anyway).
type rounds struct {
	mu     sync.Mutex
	queued map[roundKey]bool
}

func (r *rounds) first(k roundKey) bool {
	if r == nil {
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.queued[k] {
		return false
	}
	if len(r.queued) > 1024 { // keys of past ticks are of no use: start again
		clear(r.queued)
	}
	r.queued[k] = true
	return true
}

func (r *rounds) forget(k roundKey) {
	if r != nil {
		r.mu.Lock()
		delete(r.queued, k)
		r.mu.Unlock()
	}
}

// scheduleReceipts makes sure the two rounds that will report the deliveries written at
// are queued.
func (c Channel) scheduleReceipts(ctx context.Context, at time.Time) error {
	tick := max(ReceiptTick, time.Millisecond)
	from := at.Truncate(tick)
	before := from.Add(tick)
	for _, r := range []struct {
		ack   int
		after time.Duration
	}{{2, DeliveredAfter}, {3, ReadAfter}} {
		k := roundKey{before.UnixNano(), r.ack}
		if !c.rounds.first(k) {
			continue
		}
		t, err := tasks.NewSandboxReceipts(tasks.SandboxReceipts{From: from, Before: before, Ack: r.ack}, before.Add(r.after))
		if err == nil {
			err = tasks.Enqueue(ctx, c.Queue, t)
		}
		if err != nil {
			c.rounds.forget(k) // the next send of the tick asks again
			return err
		}
	}
	return nil
}

// Receipt is one delivery's receipt, for the connection that sent it.
type Receipt struct {
	Conn  connection.Connection // its ID and CompanyID: all an inbound event records
	Event channel.Event
}

// roundSize bounds the receipts one statement reads and one inbound batch carries.
const roundSize = 128

// ErrReceiptsWait is a round that reported receipts for messages whose send is not recorded
// yet: its task's retry reports them.
var ErrReceiptsWait = errors.New("sandbox: receipts wait for their messages")

// Apply applies a round's receipts and, in the same transaction, calls mark with those it
// found missing (missing[i]: receipts[i]'s message is not recorded as sent yet).
type Apply func(ctx context.Context, receipts []Receipt, mark func(tx *gorm.DB, missing []bool) error) error

// Report runs a round: every delivery sent in the round's tick and still short of p.Ack is
// handed to apply as a receipt, and marked in the outbox in apply's transaction, but those
// apply finds missing (their message is not recorded as sent yet), which the round's retry
// reports again. One transaction applies and marks: a crash loses neither, and a round
// costs one commit, not two.
func (c Channel) Report(ctx context.Context, p tasks.SandboxReceipts, apply Apply) error {
	for {
		var due []Outbox
		if err := c.DB.WithContext(ctx).Select("id", "company_id", "connection_id", "provider_id").
			Where("created_at >= ? AND created_at < ? AND ack < ?", p.From, p.Before, p.Ack). // sandbox_outbox_created_idx
			Order("created_at").Limit(roundSize).Find(&due).Error; err != nil || len(due) == 0 {
			return err
		}
		now := time.Now()
		receipts := make([]Receipt, len(due))
		for i, o := range due {
			receipts[i] = Receipt{Conn: connection.Connection{ID: o.ConnectionID, CompanyID: o.CompanyID},
				Event: channel.Event{Kind: channel.EventAck, TargetID: o.ProviderID, Ack: p.Ack, Timestamp: now}}
		}
		var ids atdb.Int64s
		mark := func(tx *gorm.DB, missing []bool) error {
			ids = nil
			for i, o := range due {
				if i >= len(missing) || !missing[i] {
					ids = append(ids, o.ID)
				}
			}
			return tx.Exec(`UPDATE sandbox_outbox SET ack = GREATEST(ack, ?) WHERE id = ANY(?::bigint[])`, p.Ack, ids).Error
		}
		if err := apply(ctx, receipts, mark); err != nil {
			return err
		}
		if len(ids) < len(due) {
			return fmt.Errorf("%w: %d of the round", ErrReceiptsWait, len(due)-len(ids))
		}
		if len(due) < roundSize {
			return nil
		}
	}
}

// Requeue queues again the receipt rounds a lost queue (a Redis that lost its data) left
// behind: every tick of the window [from, to) with deliveries still short of "read" gets
// the rounds it lacks, due now. A round still queued keeps it (the TaskID refuses the copy),
// and a round that runs again finds its rows marked. The reconciler calls it every minute
// with a window a few minutes long, read through sandbox_outbox_created_idx.
func (c Channel) Requeue(ctx context.Context, from, to time.Time) error {
	tick := max(ReceiptTick, time.Millisecond)
	var rounds []struct {
		Tick time.Time
		Ack  int
	}
	if err := c.DB.WithContext(ctx).Raw(`SELECT date_bin(make_interval(secs => ?), created_at, '1970-01-01 00:00:00+00') AS tick,
		  min(ack) AS ack
		FROM sandbox_outbox WHERE created_at >= ? AND created_at < ? AND ack < 3 GROUP BY 1`,
		tick.Seconds(), from, to).Find(&rounds).Error; err != nil {
		return err
	}
	now := time.Now()
	for _, r := range rounds {
		for ack := max(r.Ack+1, 2); ack <= 3; ack++ {
			t, err := tasks.NewSandboxReceipts(tasks.SandboxReceipts{From: r.Tick, Before: r.Tick.Add(tick), Ack: ack}, now)
			if err == nil {
				err = tasks.Enqueue(ctx, c.Queue, t)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}
