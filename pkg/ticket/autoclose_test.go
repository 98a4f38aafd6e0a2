package ticket_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/seed"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

type fixedSettings map[string]string

func (f fixedSettings) Value(_ context.Context, key string) string { return f[key] }

// A normal close by the system asks for the rating when the company rates its service;
// the answer is stored once per episode; the completion close finishes the episode.
func TestCloseBySystemRatingLoop(t *testing.T) {
	a := testutil.App(t)
	if _, err := seed.Run(t.Context(), a.DB, testutil.AdminEmail, testutil.AdminPassword); err != nil {
		t.Fatal(err)
	}
	acme := testutil.NewTenant(t, a, "acme", 0)
	ctx := tenant.With(t.Context(), acme.Company.ID)
	conn := connection.Connection{CompanyID: acme.Company.ID, Name: "sandbox", Channel: "sandbox", Token: "tok-acme",
		GroupAsTicket: "disabled", Status: connection.StatusConnected, RatingMessage: "Nota de 0 a 10, {{firstName}}?", ComplationMessage: "Obrigado, protocolo {{protocol}}"}
	must(t, a.DB.Create(&conn).Error)
	var contactID int64
	must(t, a.DB.Raw(`INSERT INTO contacts (company_id, name, number, channel) VALUES (?, 'Ana Souza', '5511999', 'sandbox') RETURNING id`,
		acme.Company.ID).Scan(&contactID).Error)
	tk := ticket.Ticket{CompanyID: acme.Company.ID, ContactID: contactID, ConnectionID: &conn.ID, UserID: &acme.Attender.ID,
		Status: ticket.StatusOpen, Channel: "sandbox"}
	must(t, a.DB.Create(&tk).Error)
	must(t, a.DB.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, user_id, started_at) VALUES (?, ?, ?, now())`,
		acme.Company.ID, tk.ID, acme.Attender.ID).Error)
	rates := fixedSettings{"userRating": "enabled"}

	var texts []string
	must(t, a.DB.Transaction(func(tx *gorm.DB) (err error) {
		texts, err = ticket.CloseBySystem(ctx, tx, &tk, conn, rates, ticket.AutoClose{Farewell: true})
		return err
	}))
	if tk.Status != ticket.StatusNPS || len(texts) != 1 || texts[0] != "Nota de 0 a 10, Ana?" {
		t.Fatalf("rating request: status %s texts %q", tk.Status, texts)
	}
	for i, want := range []bool{true, false} { // once per episode
		var stored bool
		must(t, a.DB.Transaction(func(tx *gorm.DB) (err error) {
			stored, err = ticket.RecordRating(ctx, tx, tk, 12)
			return err
		}))
		if stored != want {
			t.Fatalf("rating %d stored=%v, want %v", i, stored, want)
		}
	}
	must(t, a.DB.Transaction(func(tx *gorm.DB) (err error) {
		texts, err = ticket.CloseBySystem(ctx, tx, &tk, conn, rates, ticket.AutoClose{Completion: true})
		return err
	}))
	if tk.Status != ticket.StatusClosed || len(texts) != 1 || texts[0] == "Obrigado, protocolo {{protocol}}" {
		t.Fatalf("completion: status %s texts %q", tk.Status, texts)
	}
	var rate, open int
	must(t, a.DB.Raw(`SELECT rate FROM user_ratings WHERE ticket_id = ?`, tk.ID).Scan(&rate).Error)
	must(t, a.DB.Raw(`SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND finished_at IS NULL`, tk.ID).Scan(&open).Error)
	if rate != 10 || open != 0 {
		t.Fatalf("rate %d (clamped to 10), open episodes %d", rate, open)
	}
	// Already closed: nothing more happens.
	must(t, a.DB.Transaction(func(tx *gorm.DB) (err error) {
		texts, err = ticket.CloseBySystem(ctx, tx, &tk, conn, rates, ticket.AutoClose{Farewell: true})
		return err
	}))
	if len(texts) != 0 {
		t.Fatalf("second close sent %q", texts)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
