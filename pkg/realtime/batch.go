package realtime

import "context"

// BatchPublisher sends many events in one round trip.
type BatchPublisher interface {
	PublishAll(ctx context.Context, evs []Event) error
}

// Collector is a Publisher that keeps what is published, for PublishAll to send at once:
// a batch of inbound messages announces two events per message, and one round trip to
// Redis for all of them costs less than one each.
type Collector struct{ Events []Event }

// Publish keeps ev.
func (c *Collector) Publish(_ context.Context, ev Event) error {
	c.Events = append(c.Events, ev)
	return nil
}

// PublishAll sends evs through pub, in one round trip where pub can.
func PublishAll(ctx context.Context, pub Publisher, evs []Event) error {
	if len(evs) == 0 {
		return nil
	}
	if b, ok := pub.(BatchPublisher); ok {
		return b.PublishAll(ctx, evs)
	}
	var first error
	for _, ev := range evs {
		if err := pub.Publish(ctx, ev); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// PublishAll publishes evs in one pipeline, in order.
func (p RedisPublisher) PublishAll(ctx context.Context, evs []Event) error {
	pipe := p.RDB.Pipeline()
	ch := Channel(p.RDB)
	for _, ev := range evs {
		b, err := encode(ev)
		if err != nil {
			return err
		}
		pipe.Publish(ctx, ch, b)
	}
	_, err := pipe.Exec(ctx)
	return err
}

// PublishAll marks each event and forwards them together.
func (p LGPDPublisher) PublishAll(ctx context.Context, evs []Event) error {
	for i := range evs {
		evs[i] = p.mark(ctx, evs[i])
	}
	return PublishAll(ctx, p.Publisher, evs)
}
