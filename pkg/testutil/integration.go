package testutil

import (
	"testing"

	"atende/pkg/app"
	"atende/pkg/integration"
)

// NewIntegration inserts a queue integration of typ for companyID pointing at url (a
// Typebot's slug is "bot"); edit may change fields before insert.
func NewIntegration(t testing.TB, a *app.App, companyID int64, name, typ, url string, edit func(*integration.Integration)) integration.Integration {
	t.Helper()
	it := integration.Integration{CompanyID: companyID, Name: name, Type: typ, URLN8N: url, TypebotExpires: 1,
		WebhookSecret: "segredo-" + name}
	if typ == integration.TypeTypebot {
		it.TypebotSlug = "bot"
	}
	if edit != nil {
		edit(&it)
	}
	must(t, a.DB.Create(&it).Error)
	return it
}
