package whatsapp_test

import (
	"context"
	"strings"
	"testing"

	"atende/pkg/contactlist"
	"atende/pkg/errs"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
)

// TestContactListRecheckAsksWhatsApp: a list's "re-check numbers" through a whatsmeow
// connection asks IsOnWhatsApp (the fake client at whatsmeow's boundary) about every item
// again and turns stale marks both ways; a disconnected number refuses to start.
func TestContactListRecheckAsksWhatsApp(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	f := host(t, a)
	conn, _ := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", nil)
	ctx := tenant.With(context.Background(), ten.Company.ID)
	name := "Clientes"
	l, err := a.ContactLists.Create(ctx, contactlist.ListInput{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	// Stale marks: "550000" (the fake's number without WhatsApp) was valid, the other not.
	a.DB.Exec(`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
		VALUES (?, ?, 'Ana', '550000', '', true), (?, ?, 'Bia', '5511900000007', '', false)`,
		ten.Company.ID, l.ID, ten.Company.ID, l.ID)
	job, err := a.ContactLists.Recheck(ctx, 0, l.ID, conn.ID)
	if err != nil {
		t.Fatal(err)
	}
	p := tasks.ContactListCheck{CompanyID: ten.Company.ID, ContactListID: l.ID, ConnectionID: conn.ID, ImportID: job.ID, Recheck: true}
	if err := a.ContactLists.Check(context.Background(), p, false); err != nil {
		t.Fatal(err)
	}
	var marks []struct {
		Number string
		Valid  bool `gorm:"column:is_whatsapp_valid"`
	}
	a.DB.Raw("SELECT number, is_whatsapp_valid FROM contact_list_items WHERE contact_list_id = ? ORDER BY number", l.ID).Scan(&marks)
	if len(marks) != 2 || marks[0].Valid || !marks[1].Valid {
		t.Fatalf("marks after the re-check: %+v", marks)
	}
	if got, _ := a.ContactLists.GetImport(ctx, l.ID, job.ID); got.Status != contactlist.StatusDone || got.Checked != 2 {
		t.Fatalf("job %+v", got)
	}
	// The number's session down: nothing starts, and the answer says why.
	a.DB.Exec("UPDATE connections SET status = 'DISCONNECTED' WHERE id = ?", conn.ID)
	_, err = a.ContactLists.Recheck(ctx, 0, l.ID, conn.ID)
	if e, ok := errs.As(err); !ok || e.Code != contactlist.ErrCheckConnection.Code || !strings.Contains(e.Message, "desconectada") {
		t.Fatalf("a disconnected connection: %v", err)
	}
}
