package whatsapp_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"go.mau.fi/whatsmeow/proto/waCommon"
	"go.mau.fi/whatsmeow/proto/waE2E"
	"go.mau.fi/whatsmeow/proto/waHistorySync"
	"go.mau.fi/whatsmeow/proto/waWeb"
	"go.mau.fi/whatsmeow/types/events"
	"google.golang.org/protobuf/proto"

	"atende/pkg/channel/whatsapp"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

func webMsg(id string, at time.Time, text string) *waHistorySync.HistorySyncMsg {
	return &waHistorySync.HistorySyncMsg{Message: &waWeb.WebMessageInfo{
		Key:              &waCommon.MessageKey{ID: proto.String(id), RemoteJID: proto.String("5511911112222@s.whatsapp.net")},
		MessageTimestamp: proto.Uint64(uint64(at.Unix())),
		Message:          &waE2E.Message{Conversation: proto.String(text)}}}
}

func TestHistoryImport(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	q := testutil.NewQueue(t, a, ten.Company.ID, "Importados", "#000")
	f := host(t, a)
	since := time.Now().AddDate(0, 0, -30)
	conn, cli := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", func(c *connection.Connection) {
		c.ImportOldMessages, c.QueueIDImportMessages = &since, &q.ID
		c.ClosedTicketsPostImported = true
	})
	now := time.Now()
	cli.emit(&events.HistorySync{Data: &waHistorySync.HistorySync{SyncType: waHistorySync.HistorySync_INITIAL_BOOTSTRAP.Enum(),
		Progress: proto.Uint32(100), Conversations: []*waHistorySync.Conversation{
			{ID: proto.String("5511911112222@s.whatsapp.net"), Messages: []*waHistorySync.HistorySyncMsg{
				webMsg("H1", now.AddDate(0, 0, -40), "velha demais"),
				webMsg("H2", now.AddDate(0, 0, -10), "há dez dias"),
				webMsg("H3", now.AddDate(0, 0, -1), "ontem"),
			}},
			{ID: proto.String("120363000000000001@g.us"), Messages: []*waHistorySync.HistorySyncMsg{
				webMsg("H4", now.AddDate(0, 0, -1), "grupo sem importOldMessagesGroups"),
			}},
		}}})
	processAll(t, a)
	var ids []string
	a.DB.Model(&message.Message{}).Where("company_id = ?", ten.Company.ID).Order("provider_id").Pluck("provider_id", &ids)
	if len(ids) != 2 || ids[0] != "H2" || ids[1] != "H3" {
		t.Fatalf("imported %v, want [H2 H3]", ids)
	}
	var tk ticket.Ticket
	a.DB.Where("company_id = ? AND connection_id = ?", ten.Company.ID, conn.ID).Take(&tk)
	if !tk.Imported || tk.QueueID == nil || *tk.QueueID != q.ID {
		t.Fatalf("ticket imported %v queue %v", tk.Imported, tk.QueueID)
	}
	if s := state(t, a, conn); s.StatusImportMessages != whatsapp.CloseTicketsStatus {
		t.Fatalf("statusImportMessages %q", s.StatusImportMessages)
	}
	// closedTicketsPostImported: the worker is asked to close them once the messages are in.
	closing := fmt.Sprintf("%s:%d", tasks.TypeCloseImported, conn.ID)
	if _, err := asynq.NewInspector(a.RedisOpt).GetTaskInfo(tasks.QueueDefault, closing); err != nil {
		t.Fatalf("closing the imported tickets was not scheduled: %v", err)
	}
}
