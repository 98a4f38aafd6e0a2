package worker_test

import (
	"atende/pkg/message"
	"context"
	"strings"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/scheduler"
	"atende/worker"
)

// Each timer row of the cron table builds a task the worker runs at the real clock: an
// open ticket idle past its connection's expiresTicket is closed by the inactivity task.
func TestTimerTasksRun(t *testing.T) {
	a := testutil.App(t)
	ctx := context.Background()
	co := testutil.NewTenant(t, a, "timers", 0)
	conn := testutil.NewConnection(t, a, co.Company.ID, "WhatsApp", func(c *connection.Connection) {
		c.Status, c.ExpiresTicket, c.ExpiresInactiveMessage = connection.StatusConnected, 60, "Encerrado por inatividade."
	})
	contact := testutil.NewContact(t, a, co.Company.ID, "Cliente", "5511911113333", nil)
	var ticketID int64
	if err := a.DB.Raw(`INSERT INTO tickets (company_id, contact_id, connection_id, status, channel, updated_at)
		VALUES (?, ?, ?, 'open', 'whatsapp', now() - interval '61 minutes') RETURNING id`,
		co.Company.ID, contact.ID, conn.ID).Scan(&ticketID).Error; err != nil {
		t.Fatal(err)
	}
	mux := (&worker.Worker{App: a}).Mux()
	ran := 0
	for _, e := range scheduler.Table {
		if !strings.HasPrefix(e.Name, "timers:") {
			continue
		}
		task, err := e.Build(time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := mux.ProcessTask(ctx, task); err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		ran++
	}
	if ran != 6 {
		t.Fatalf("%d timer rows in the cron table, want 6", ran)
	}
	var status, last string
	a.DB.Raw(`SELECT status, last_message FROM tickets WHERE id = ?`, ticketID).Row().Scan(&status, &last)
	if status != "closed" || last != message.SystemMark+"Encerrado por inatividade." {
		t.Fatalf("ticket %s, last message %q", status, last)
	}
}
