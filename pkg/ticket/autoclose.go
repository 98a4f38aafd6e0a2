package ticket

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/vars"
)

// AutoClose says how the system (the bot, a timer) closes a ticket (BEHAVIOUR §3, §6).
type AutoClose struct {
	// Farewell is the normal close: the rating request when it applies (the ticket then
	// waits in nps), else the farewell rules of §6.
	Farewell bool
	// Completion sends the connection's completion message (LGPD refused, rating given or
	// expired).
	Completion bool
	// Text is sent instead of any of those (the inactivity expiry's message).
	Text string
	// Log is the log entry: LogClosed when empty, or LogAutoClose.
	Log string
}

// CloseBySystem closes t inside tx — or, when the rating applies to a normal close, moves
// it to nps with the rating request — and returns the texts to send, in order, rendered
// with the message variables. It sends nothing: the caller writes the texts in the same
// transaction (message.Write) and dispatches them after commit. t is updated in place.
func CloseBySystem(ctx context.Context, tx *gorm.DB, t *Ticket, conn connection.Connection, settings Settings, how AutoClose) ([]string, error) {
	if t.Status == StatusClosed {
		return nil, nil
	}
	if how.Farewell && how.Text == "" && !how.Completion {
		rates, err := ratingApplies(ctx, tx, *t, conn, settings)
		if err != nil {
			return nil, err
		}
		if rates {
			if err := askRating(ctx, tx, t); err != nil {
				return nil, err
			}
			return render(ctx, tx, *t, conn.RatingMessage)
		}
	}
	var text string
	switch {
	case how.Text != "":
		text = how.Text
	case how.Completion:
		text = conn.ComplationMessage
	case how.Farewell:
		var err error
		if text, err = systemFarewell(ctx, tx, *t, conn, settings); err != nil {
			return nil, err
		}
	}
	if err := closeRow(ctx, tx, t, how.Log); err != nil {
		return nil, err
	}
	return render(ctx, tx, *t, text)
}

// ratingApplies: the company rates its service (userRating), the connection has a rating
// message, the ticket is no group, an attendant served it (a rating is of someone's
// service), and this episode was not rated or asked already.
func ratingApplies(ctx context.Context, tx *gorm.DB, t Ticket, conn connection.Connection, settings Settings) (bool, error) {
	if settings == nil || settings.Value(ctx, "userRating") != "enabled" || strings.TrimSpace(conn.RatingMessage) == "" ||
		t.IsGroup || t.UserID == nil || t.Status == StatusNPS {
		return false, nil
	}
	var asked bool
	err := tx.WithContext(ctx).Raw(`SELECT EXISTS (SELECT 1 FROM ticket_trackings WHERE ticket_id = ? AND finished_at IS NULL
		AND (rating_at IS NOT NULL OR rated))`, t.ID).Scan(&asked).Error
	return !asked, err
}

// askRating moves t to nps: the episode is closed for the attendant (closedAt, userId),
// its rating is awaited; the ticket leaves the attendants' lists.
func askRating(ctx context.Context, tx *gorm.DB, t *Ticket) error {
	t.Status, t.AmountUsedBotQueuesNPS = StatusNPS, 1
	if err := save(tx.WithContext(ctx), t.ID, map[string]any{"status": StatusNPS, "amount_used_bot_queues_nps": 1,
		"is_bot": false}); err != nil {
		return err
	}
	if err := tx.WithContext(ctx).Exec(`UPDATE ticket_trackings SET closed_at = now(), user_id = COALESCE(?, user_id),
		updated_at = now() WHERE ticket_id = ? AND finished_at IS NULL`, t.UserID, t.ID).Error; err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogNPS, t.UserID, t.QueueID)
}

// closeRow writes the close: status, the bot's counters and state reset, the episode
// finished, the log entry.
func closeRow(ctx context.Context, tx *gorm.DB, t *Ticket, logType string) error {
	if err := save(tx.WithContext(ctx), t.ID, endEpisode(t)); err != nil {
		return err
	}
	if err := finishTracking(tx.WithContext(ctx), *t); err != nil {
		return err
	}
	if logType == "" {
		logType = LogClosed
	}
	return WriteLog(ctx, tx, t.ID, logType, t.UserID, t.QueueID)
}

// CloseIfQueueCloses closes t by the system's close, with its farewell or rating request,
// when the queue t was just moved into closes its tickets (decision 6), and returns the
// texts to send.
func CloseIfQueueCloses(ctx context.Context, tx *gorm.DB, t *Ticket, conn connection.Connection, settings Settings) ([]string, error) {
	if t.QueueID == nil || t.Status == StatusClosed {
		return nil, nil
	}
	closes, err := queueCloses(tx, t.CompanyID, *t.QueueID)
	if err != nil || !closes {
		return nil, err
	}
	return CloseBySystem(ctx, tx, t, conn, settings, AutoClose{Farewell: true})
}

// queueCloses reports whether the company's queue closes the tickets that land in it.
func queueCloses(tx *gorm.DB, companyID, queueID int64) (bool, error) {
	var closes bool
	err := tx.Raw(`SELECT close_ticket FROM queues WHERE id = ? AND company_id = ?`, queueID, companyID).Scan(&closes).Error
	return closes, err
}

// endEpisode closes t in memory and returns the columns to save: the bot's state of the
// episode (menu counters, option stage, out-of-hours mark, inactivity warning) ends with
// it, whoever closes, so that a reopened ticket starts afresh.
func endEpisode(t *Ticket) map[string]any {
	t.Status, t.IsBot, t.AmountUsedBotQueues, t.AmountUsedBotQueuesNPS = StatusClosed, false, 0, 0
	t.ChatbotOptionID, t.SendInactiveMessage, t.IsOutOfHour = nil, false, false
	return map[string]any{"status": StatusClosed, "is_bot": false, "amount_used_bot_queues": 0,
		"amount_used_bot_queues_nps": 0, "chatbot_option_id": nil, "send_inactive_message": false, "is_out_of_hour": false}
}

// systemFarewell is the farewell of §6 for a close nobody typed: the attendant's own
// farewell, else the connection's completion message; not for a ticket still waiting
// (unless sendFarewellWaitingTicket), a group (unless groupAsTicket) or a connection
// that is not connected.
func systemFarewell(ctx context.Context, tx *gorm.DB, t Ticket, conn connection.Connection, settings Settings) (string, error) {
	switch t.Status {
	case StatusLGPD, StatusNPS:
		return "", nil
	case StatusPending:
		if settings == nil || settings.Value(ctx, "sendFarewellWaitingTicket") != "enabled" {
			return "", nil
		}
	}
	if conn.Status != connection.StatusConnected || t.IsGroup && !conn.GroupsAsTickets() {
		return "", nil
	}
	if t.UserID != nil {
		var own string
		if err := tx.WithContext(ctx).Table("users").Select("farewell_message").Where("id = ?", *t.UserID).
			Scan(&own).Error; err != nil {
			return "", err
		}
		if strings.TrimSpace(own) != "" {
			return own, nil
		}
	}
	return conn.ComplationMessage, nil
}

// render fills the message variables of text for t (nothing when text is blank).
func render(ctx context.Context, tx *gorm.DB, t Ticket, text string) ([]string, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	full, err := Get(ctx, tx, t.ID)
	if err != nil {
		return nil, err
	}
	v, err := Variables(ctx, tx, full)
	if err != nil {
		return nil, err
	}
	body := strings.TrimSpace(vars.Render(strings.ReplaceAll(text, "${queue.name}", v.Queue), v))
	if body == "" {
		return nil, nil
	}
	return []string{body}, nil
}

// RecordRating stores the rating (clamped to 0–10) of t's current episode, once per
// episode (user_ratings.tracking_id is unique), and marks the episode rated. It reports
// false when the episode was rated already or there is none.
func RecordRating(ctx context.Context, tx *gorm.DB, t Ticket, rate int) (bool, error) {
	rate = min(max(rate, 0), 10)
	res := tx.WithContext(ctx).Exec(`INSERT INTO user_ratings (company_id, ticket_id, tracking_id, user_id, rate)
		SELECT company_id, ticket_id, id, COALESCE(user_id, ?), ? FROM ticket_trackings
		WHERE ticket_id = ? AND finished_at IS NULL AND rating_at IS NULL AND NOT rated
		ON CONFLICT (tracking_id) DO NOTHING`, t.UserID, rate, t.ID)
	if res.Error != nil || res.RowsAffected == 0 {
		return false, res.Error
	}
	// The episode keeps a copy of its rate: the dashboard's NPS figures read it from the
	// episode's index (migration 00032) instead of joining user_ratings.
	return true, tx.WithContext(ctx).Exec(`UPDATE ticket_trackings SET rating_at = ?, rated = true, rate = ?, updated_at = now()
		WHERE ticket_id = ? AND finished_at IS NULL`, time.Now(), rate, t.ID).Error
}
