package worker_test

import (
	"context"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// With closedTicketsPostImported, the tickets a finished import left pending are closed once
// its messages are stored, and the import's progress display ends; another company's task
// naming the connection changes nothing.
func TestCloseImportedAfterImport(t *testing.T) {
	a := testutil.App(t)
	ctx := context.Background()
	acme, bolt := testutil.NewTenant(t, a, "acme", 0), testutil.NewTenant(t, a, "bolt", 0)
	conn := connection.Connection{CompanyID: acme.Company.ID, Name: "WhatsApp", Channel: connection.ChannelWhatsApp,
		Status: connection.StatusConnected, Token: connection.NewToken(), GroupAsTicket: "disabled", WhenExpiresTicket: "0",
		MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 3, ClosedTicketsPostImported: true, StatusImportMessages: "renderButtonCloseTickets"}
	if err := a.DB.Create(&conn).Error; err != nil {
		t.Fatal(err)
	}
	var contactID, ticketID int64
	a.DB.Raw(`INSERT INTO contacts (company_id, name, number, channel) VALUES (?, 'Cliente', '5511911112222', 'whatsapp')
		RETURNING id`, acme.Company.ID).Scan(&contactID)
	a.DB.Raw(`INSERT INTO tickets (company_id, contact_id, connection_id, status, channel, imported)
		VALUES (?, ?, ?, 'pending', 'whatsapp', true) RETURNING id`, acme.Company.ID, contactID, conn.ID).Scan(&ticketID)
	a.DB.Exec(`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload)
		VALUES (?, ?, 'last-chunk', 'message', '{}')`, acme.Company.ID, conn.ID)
	mux := (&worker.Worker{App: a}).Mux()
	run := func(companyID int64) error {
		task, err := tasks.NewCloseImported(companyID, conn.ID)
		if err != nil {
			t.Fatal(err)
		}
		return mux.ProcessTask(ctx, task)
	}
	status := func() (ticket, imports string) {
		a.DB.Raw(`SELECT status FROM tickets WHERE id = ?`, ticketID).Scan(&ticket)
		a.DB.Raw(`SELECT status_import_messages FROM connections WHERE id = ?`, conn.ID).Scan(&imports)
		return
	}

	if err := run(acme.Company.ID); err == nil {
		t.Fatal("closed while the import's last messages were still waiting")
	}
	a.DB.Exec(`UPDATE inbound_events SET processed_at = now() WHERE connection_id = ?`, conn.ID)
	if err := run(bolt.Company.ID); err == nil {
		t.Fatal("another company's task should not find the connection")
	}
	if tk, _ := status(); tk != "pending" {
		t.Fatalf("another company's task closed the ticket (%s)", tk)
	}
	if err := run(acme.Company.ID); err != nil {
		t.Fatal(err)
	}
	if tk, imports := status(); tk != "closed" || imports != "" {
		t.Fatalf("ticket %s, statusImportMessages %q: want closed and the progress display ended", tk, imports)
	}
}
