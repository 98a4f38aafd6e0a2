package timers

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// AutoClose closes the open tickets nobody touched for the company's hoursCloseTicketsAuto
// hours (0 or unset: off): no farewell, no rating, log "autoClose". Unlike the connection's
// inactivity expiry it sends nothing; it is the company's sweep of forgotten tickets. It reads
// the inactivity job's index (open, non-imported tickets of a connection by idleness).
func (s Service) AutoClose(ctx context.Context, now time.Time) (int, error) {
	var rows []struct {
		CompanyID    int64
		ConnectionID int64
		Hours        int
	}
	err := s.DB.WithContext(ctx).Raw(`SELECT c.company_id, c.id AS connection_id, st.value::int AS hours
		FROM settings st JOIN connections c ON c.company_id = st.company_id
		WHERE st.key = 'hoursCloseTicketsAuto' AND st.value ~ '^[0-9]{1,5}$' AND st.value::int > 0
		AND EXISTS (SELECT 1 FROM tickets t WHERE t.connection_id = c.id AND t.status = 'open' AND NOT t.imported
			AND t.updated_at <= ?::timestamptz - make_interval(hours => st.value::int))
		ORDER BY c.company_id, c.id`, now).Scan(&rows).Error
	if err != nil {
		return 0, err
	}
	changed, until := 0, deadline()
	for _, r := range rows {
		n, err := s.sweep(ctx, until, r.CompanyID, "connection_id = ? AND status = 'open' AND NOT imported AND updated_at <= ?",
			[]any{r.ConnectionID, now.Add(-time.Duration(r.Hours) * time.Hour)}, s.closeForgotten)
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

func (s Service) closeForgotten(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error) {
	// A close without farewell, completion or text reads nothing of the connection.
	_, err := ticket.CloseBySystem(ctx, tx, t, connection.Connection{}, s.Settings, ticket.AutoClose{Log: ticket.LogAutoClose})
	return nil, err
}
