package testutil

import (
	"context"
	"testing"

	"atende/pkg/app"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/queue"
	"atende/pkg/quickmessage"
	"atende/pkg/tag"
)

// NewContact inserts a whatsapp contact; edit may change fields before insert.
func NewContact(t testing.TB, a *app.App, companyID int64, name, number string, edit func(*contact.Contact)) contact.Contact {
	t.Helper()
	c := contact.Contact{CompanyID: companyID, Name: name, Number: number, Channel: "whatsapp",
		Active: true, AcceptAudioMessage: true}
	if edit != nil {
		edit(&c)
	}
	must(t, a.DB.Create(&c).Error)
	return c
}

// NewTag inserts a tag.
func NewTag(t testing.TB, a *app.App, companyID int64, name string, kanban int) tag.Tag {
	t.Helper()
	tg := tag.Tag{CompanyID: companyID, Name: name, Color: "#7C7C7C", Kanban: kanban}
	must(t, a.DB.Create(&tg).Error)
	return tg
}

// TagContact links tags to a contact.
func TagContact(t testing.TB, a *app.App, c contact.Contact, tagIDs ...int64) {
	t.Helper()
	for _, id := range tagIDs {
		must(t, a.DB.Exec("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES (?, ?, ?)",
			c.ID, id, c.CompanyID).Error)
	}
}

// NewQueue inserts a queue with a greeting.
func NewQueue(t testing.TB, a *app.App, companyID int64, name, color string) queue.Queue {
	t.Helper()
	q := queue.Queue{CompanyID: companyID, Name: name, Color: color, GreetingMessage: "Olá, " + name}
	must(t, a.DB.Create(&q).Error)
	return q
}

// NewConnection inserts a whatsapp connection with a token; edit may change fields.
func NewConnection(t testing.TB, a *app.App, companyID int64, name string, edit func(*connection.Connection)) connection.Connection {
	t.Helper()
	c := connection.Connection{CompanyID: companyID, Name: name, Channel: connection.ChannelWhatsApp,
		Status: connection.StatusDisconnected, GroupAsTicket: "disabled", WhenExpiresTicket: "0",
		MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 3, Token: connection.NewToken()}
	if edit != nil {
		edit(&c)
	}
	must(t, a.DB.Create(&c).Error)
	return c
}

// NewQuickMessage inserts a quick message owned by owner (nil: nobody).
func NewQuickMessage(t testing.TB, a *app.App, companyID int64, owner *int64, shortcode string, geral, visao bool) quickmessage.QuickMessage {
	t.Helper()
	m := quickmessage.QuickMessage{CompanyID: companyID, UserID: owner, Shortcode: shortcode,
		Message: "Mensagem " + shortcode, Geral: geral, Visao: visao, Status: true}
	must(t, a.DB.Create(&m).Error)
	return m
}

// SetSetting stores a company setting directly.
func SetSetting(t testing.TB, a *app.App, companyID int64, key, value string) {
	t.Helper()
	must(t, a.DB.Exec(`INSERT INTO settings (company_id, key, value) VALUES (?, ?, ?)
		ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`, companyID, key, value).Error)
	if a.Settings.Cache != nil {
		a.Settings.Cache.Changed(context.Background(), companyID) // written behind the service's back
	}
}
