package connection

import (
	"context"

	"atende/pkg/queue"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// List returns the company's connections with their queues; withToken keeps the tokens
// (for who manages connections).
func (s Service) List(ctx context.Context, withToken bool) ([]Connection, error) {
	return s.Filter(ctx, withToken, "")
}

// Filter is List for one channel ("" = every channel): GET /whatsapp/filter?channel=.
func (s Service) Filter(ctx context.Context, withToken bool, channel string) ([]Connection, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	if channel != "" {
		q = q.Where("channel = ?", channel)
	}
	list := []Connection{}
	if err := q.Order("name, id").Find(&list).Error; err != nil {
		return nil, err
	}
	return list, s.decorate(ctx, list, withToken)
}

// Load returns one connection with its queues and token.
func (s Service) Load(ctx context.Context, id int64) (Connection, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return c, err
	}
	one := []Connection{c}
	err = s.decorate(ctx, one, true)
	return one[0], err
}

// saved answers a committed write with the fresh record and announces it.
func (s Service) saved(ctx context.Context, action string, id int64, err error) (Connection, error) {
	if err != nil {
		return Connection{}, err
	}
	c, err := s.Load(ctx, id)
	if err != nil {
		return Connection{}, err
	}
	public := c
	public.Token = ""
	s.publish(ctx, c.CompanyID, map[string]any{"action": action, "whatsapp": public})
	return c, nil
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "whatsapp", data))
	}
}

func (s Service) decorate(ctx context.Context, list []Connection, withToken bool) error {
	ids := make([]int64, len(list))
	for i, c := range list {
		ids[i] = c.ID
	}
	linked, err := queue.Linked(ctx, s.DB, "connection_queues", "connection_id", ids)
	for i := range list {
		c := &list[i]
		c.Queues, c.QueueIDs = linked[c.ID], make([]int64, len(linked[c.ID]))
		for j, q := range c.Queues {
			c.QueueIDs[j] = q.ID
		}
		if !withToken {
			c.Token = ""
		}
		if s.Media != nil && c.GreetingMediaPath != "" {
			c.GreetingMediaURL = s.Media.URL(c.GreetingMediaPath)
		}
	}
	return err
}
