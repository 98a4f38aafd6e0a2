package whatsapp

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
)

// MaxHistory is how far back the import goes, whatever the connection asks.
const MaxHistory = 2 * 365 * 24 * time.Hour

// CloseTicketsStatus is the statusImportMessages that shows the "close imported tickets" button.
const CloseTicketsStatus = "renderButtonCloseTickets"

// fromHistory imports the messages of a history sync the connection asked for (from
// importOldMessages, at most two years back, up to importRecentMessages; groups only with
// importOldMessagesGroups), reporting progress on importMessages-{companyId}. The first chunk
// starts the page's 35 s "preparing" window (statusImportMessages = start time in ms); the
// last one (progress 100) leaves the close-tickets button.
func (h *Hub) fromHistory(ctx context.Context, s *session, v *events.HistorySync) []channel.Event {
	var conn connection.Connection
	if err := h.DB.WithContext(ctx).Where("id = ? AND company_id = ?", s.conn.ID, s.conn.CompanyID).Take(&conn).Error; err != nil ||
		conn.ImportOldMessages == nil || conn.StatusImportMessages == CloseTicketsStatus {
		return nil
	}
	from, to := *conn.ImportOldMessages, time.Now()
	if limit := time.Now().Add(-MaxHistory); from.Before(limit) {
		from = limit
	}
	if conn.ImportRecentMessages != nil {
		to = *conn.ImportRecentMessages
	}
	if conn.StatusImportMessages == "" {
		h.importStatus(ctx, conn, strconv.FormatInt(time.Now().UnixMilli(), 10))
	}
	cli, _ := s.live()
	var evs []channel.Event
	for _, conv := range v.Data.GetConversations() {
		chat, err := types.ParseJID(conv.GetID())
		if err != nil || chat.Server == types.BroadcastServer || (chat.Server == types.GroupServer && !conn.ImportOldMessagesGroups) {
			continue
		}
		for _, hm := range conv.GetMessages() {
			m, err := cli.ParseWebMessage(chat, hm.GetMessage())
			if err != nil || m.Info.Timestamp.Before(from) || m.Info.Timestamp.After(to) {
				continue
			}
			if ev, ok := h.fromMessage(ctx, s, m); ok && ev.Kind == channel.EventMessage {
				ev.Imported = true
				evs = append(evs, ev)
			}
		}
	}
	h.importProgress(ctx, conn, len(evs), int64(v.Data.GetProgress()))
	if v.Data.GetProgress() >= 100 {
		h.importStatus(ctx, conn, CloseTicketsStatus)
		h.publishImport(ctx, conn, map[string]any{"action": "refresh"})
		if conn.ClosedTicketsPostImported {
			h.closeImportedLater(ctx, conn)
		}
	}
	return evs
}

func (h *Hub) importStatus(ctx context.Context, conn connection.Connection, status string) {
	err := h.DB.WithContext(ctx).Model(&connection.Connection{}).Where("id = ? AND company_id = ?", conn.ID, conn.CompanyID).
		Update("status_import_messages", status).Error
	if err != nil {
		slog.Warn("whatsapp import status", "connection_id", conn.ID, "err", err)
	}
	_, _ = h.Conns.SetSession(ctx, conn.CompanyID, conn.ID, connection.Session{Status: conn.Status,
		Retries: conn.Retries, Number: conn.Number}) // republish the row with its new import status
}

// importProgress adds n imported messages to the connection's tally and reports it; the
// total is estimated from the phone's progress percentage (whatsmeow gives no count ahead).
func (h *Hub) importProgress(ctx context.Context, conn connection.Connection, n int, percent int64) {
	key := fmt.Sprintf("wa:import:%d", conn.ID)
	done, _ := h.Leases.RDB.IncrBy(ctx, key, int64(n)).Result()
	h.Leases.RDB.Expire(ctx, key, 24*time.Hour)
	all := done
	if percent > 0 && percent < 100 {
		all = max(done*100/percent, done)
	}
	h.publishImport(ctx, conn, map[string]any{"action": "update", "whatsappId": conn.ID,
		"status": map[string]any{"this": done, "all": all, "date": time.Now().Format(time.RFC3339)}})
}

func (h *Hub) publishImport(ctx context.Context, conn connection.Connection, data map[string]any) {
	if h.Conns.Events == nil {
		return
	}
	_ = h.Conns.Events.Publish(ctx, realtime.Event{Rooms: []string{realtime.CompanyRoom(conn.CompanyID)},
		Name: fmt.Sprintf("importMessages-%d", conn.CompanyID), Data: data})
}

// closeImportedLater has the worker close the imported tickets once the import's messages
// are stored (closedTicketsPostImported); the button stays as the fallback.
func (h *Hub) closeImportedLater(ctx context.Context, conn connection.Connection) {
	t, err := tasks.NewCloseImported(conn.CompanyID, conn.ID)
	if err == nil && h.Queue != nil {
		err = tasks.Enqueue(ctx, h.Queue, t)
	}
	if err != nil {
		slog.Warn("whatsapp import: closing imported tickets not queued", "connection_id", conn.ID, "err", err)
	}
}
