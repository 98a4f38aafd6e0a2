package message

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
)

// sending is one SendLists call at work: what went out, what failed and how.
type sending struct {
	d        Delivery
	final    bool // the task's last attempt
	contacts map[int64]contact.Contact

	batches []*batch  // messages for channels that take many at once, sent by flush
	done    []Message // sent or failed, to announce

	elsewhere error // a list needs the session another worker owns (the task moves there)
	retry     error // a list stopped on a failure its retry may get past
	kept      error // failures retrying can't help
}

// batch is what one Batcher channel gets in one call.
type batch struct {
	name string
	ch   channel.Batcher
	ds   []channel.Delivery
	msgs []Message
}

// list sends msgs, one list of the task, in order, until one fails in a way that stops it.
// Messages for a Batcher only get ready here; flush sends them after every list.
func (s *sending) list(ctx context.Context, msgs []Message) {
	for _, m := range msgs {
		conn, ch, out, err := s.d.prepare(ctx, m, s.contacts)
		if err == nil {
			if b, ok := ch.(channel.Batcher); ok {
				s.batchFor(conn.Channel, b).add(conn, out, m)
				continue
			}
			var sent channel.Sent
			if sent, err = ch.Send(ctx, conn, out); err == nil {
				if m, err = s.d.recordSent(ctx, m, sent); err == nil {
					s.done = append(s.done, m)
					continue
				}
			}
		}
		if !s.failed(ctx, m, err) {
			return // the task's retry goes on from m
		}
	}
}

func (s *sending) batchFor(name string, ch channel.Batcher) *batch {
	for _, b := range s.batches {
		if b.name == name {
			return b
		}
	}
	b := &batch{name: name, ch: ch}
	s.batches = append(s.batches, b)
	return b
}

func (b *batch) add(conn connection.Connection, out channel.Outgoing, m Message) {
	b.ds, b.msgs = append(b.ds, channel.Delivery{Conn: conn, Out: out}), append(b.msgs, m)
}

// flush hands each Batcher its messages in one call and records them sent in one
// statement. A refused call leaves them all for the task's retry.
func (s *sending) flush(ctx context.Context) {
	for _, b := range s.batches {
		sent, err := b.ch.SendBatch(ctx, b.ds)
		if err == nil {
			var recorded []Message
			if recorded, err = s.d.recordSentAll(ctx, b.msgs, sent); err == nil {
				s.done = append(s.done, recorded...)
				continue
			}
		}
		s.retry = cmp.Or(s.retry, err)
	}
}

// failed records why m did not go, and tells whether its list goes on: a message that can
// never go, or fails on the task's last attempt, is marked failed (ack -1, shown to the
// attendant) and the list goes on; any other failure stops the list for the retry.
func (s *sending) failed(ctx context.Context, m Message, err error) bool {
	var elsewhere *channel.ElsewhereError
	if errors.As(err, &elsewhere) { // a handoff to the session's owner is no failure
		s.elsewhere = cmp.Or(s.elsewhere, err)
		return false
	}
	if s.final || channel.Final(err) {
		s.d.DB.WithContext(ctx).Model(&m).Updates(map[string]any{"ack": AckFailed, "send_error": err.Error(), "updated_at": time.Now()})
		m.Ack, m.SendError = AckFailed, err.Error()
		s.done = append(s.done, m)
	}
	switch {
	case channel.Final(err):
		s.kept = cmp.Or(s.kept, fmt.Errorf("%w: %w", err, asynq.SkipRetry)) // retrying can't help
	case s.final:
		s.kept = cmp.Or(s.kept, err)
	default:
		s.retry = cmp.Or(s.retry, err)
		return false
	}
	return true
}

// result is the task's answer: the session's owner takes the task first (it skips what
// went), then a retry, then what no retry can help.
func (s *sending) result() error {
	return cmp.Or(s.elsewhere, s.retry, s.kept)
}

// prepare is the connection, channel and outgoing form of m.
func (d Delivery) prepare(ctx context.Context, m Message, contacts map[int64]contact.Contact) (connection.Connection, channel.Channel, channel.Outgoing, error) {
	conn, to, err := d.target(ctx, m, contacts)
	if err != nil {
		return conn, nil, channel.Outgoing{}, err
	}
	if err := d.checkWindow(ctx, conn, m); err != nil {
		return conn, nil, channel.Outgoing{}, err
	}
	ch, err := d.Channels.For(conn)
	if err != nil {
		return conn, nil, channel.Outgoing{}, err
	}
	out, err := d.outgoing(ctx, m, to)
	return conn, ch, out, err
}
