package api_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/inbound"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
)

// An inbound edit changes the message, and the ticket's preview when it is the newest
// message; a message deleted by its sender is flagged deleted, its content kept, unless
// the company erases deleted messages (enableLGPD + lgpdDeleteMessage): then the text
// becomes the marker and the file leaves the row. Events of one company's connection never
// reach another's messages.
func TestInboundEditsAndDeletes(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	testutil.SetSetting(t, e.App, a.Company.ID, "enableLGPD", "enabled")
	testutil.SetSetting(t, e.App, a.Company.ID, "lgpdDeleteMessage", "enabled")
	testutil.SetSetting(t, e.App, b.Company.ID, "lgpdDeleteMessage", "enabled") // without enableLGPD: kept
	watcher := dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Admin))
	send(t, watcher, map[string]string{"type": "joinNotification"})
	readyIn(t, e.App, watcher, realtime.NotificationRoom(a.Company.ID))
	at := time.Now().Add(-time.Minute)
	step := func(conn connection.Connection, ev channel.Event) error {
		t.Helper()
		if ev.Timestamp.IsZero() {
			at = at.Add(time.Second)
			ev.Timestamp = at
		}
		return process(e, conn.CompanyID, record(t, e, conn, ev))
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	in := func(conn connection.Connection, id, body string) channel.Event {
		return channel.Event{Kind: channel.EventMessage, ProviderID: id, From: "5511900000001", Body: body}
	}
	type row struct {
		Body, MediaPath, MediaType string
		IsDeleted, IsEdited        bool
	}
	msg := func(conn connection.Connection, id string) row {
		var r row
		e.App.DB.Raw("SELECT body, media_path, media_type, is_deleted, is_edited FROM messages WHERE connection_id = ? AND provider_id = ?",
			conn.ID, id).Scan(&r)
		return r
	}
	preview := func(c testutil.Tenant) string {
		var s string
		e.App.DB.Raw("SELECT last_message FROM tickets WHERE company_id = ?", c.Company.ID).Scan(&s)
		return s
	}

	must(step(connA, in(connA, "a1", "oi")))
	must(step(connA, in(connA, "a2", "meu cpf é 123")))
	must(step(connA, channel.Event{Kind: channel.EventEdit, ProviderID: "e1", TargetID: "a2", From: "5511900000001", Body: "meu cpf é 456"}))
	if m := msg(connA, "a2"); m.Body != "meu cpf é 456" || !m.IsEdited || preview(a) != "meu cpf é 456" {
		t.Fatalf("edit of the newest: %+v, preview %q", m, preview(a))
	}
	if f, ok := nextWith(t, watcher, fmt.Sprintf("company-%d-ticket", a.Company.ID), `"lastMessage":"meu cpf é 456"`, 3*time.Second); !ok {
		t.Fatalf("no ticket event with the edited preview: %s", f.Data)
	}
	must(step(connA, channel.Event{Kind: channel.EventEdit, ProviderID: "e2", TargetID: "a1", From: "5511900000001", Body: "olá"}))
	if m := msg(connA, "a1"); m.Body != "olá" || preview(a) != "meu cpf é 456" {
		t.Fatalf("edit of an older message: %+v, preview %q", m, preview(a))
	}

	stored, err := e.App.Media.Save(a.Company.ID, "whatsapp", bytes.NewReader(tinyPNG(t)), 1<<20)
	must(err)
	onDisk := filepath.Join(e.App.Cfg.MediaDir, stored.Path)
	photo := in(connA, "a3", "meu documento")
	photo.MediaPath, photo.MediaType, photo.MediaName = stored.Path, "image", "doc.png"
	must(step(connA, photo))
	must(step(connA, channel.Event{Kind: channel.EventDelete, ProviderID: "d1", TargetID: "a3", From: "5511900000001"}))
	if m := msg(connA, "a3"); m != (row{Body: inbound.DeletedMarker, MediaType: "chat", IsDeleted: true}) || preview(a) != inbound.DeletedMarker {
		t.Fatalf("LGPD erase: %+v, preview %q", m, preview(a))
	}
	if _, err := os.Stat(onDisk); !os.IsNotExist(err) {
		t.Fatalf("the erased message's file is still stored: %v", err)
	}
	must(step(connA, channel.Event{Kind: channel.EventDelete, ProviderID: "d2", TargetID: "a1", From: "5511900000001"}))
	if m := msg(connA, "a1"); m.Body != inbound.DeletedMarker || preview(a) != inbound.DeletedMarker {
		t.Fatalf("LGPD erase of an older message: %+v, preview %q", m, preview(a))
	}

	must(step(connB, in(connB, "b1", "meu endereço")))
	must(step(connB, channel.Event{Kind: channel.EventDelete, ProviderID: "d3", TargetID: "b1", From: "5511900000001"}))
	if m := msg(connB, "b1"); m.Body != "meu endereço" || !m.IsDeleted || preview(b) != "meu endereço" {
		t.Fatalf("without LGPD the content stays: %+v, preview %q", m, preview(b))
	}

	// B's connection naming A's message changes nothing of A's: the target is unknown there.
	if err := step(connB, channel.Event{Kind: channel.EventDelete, ProviderID: "d4", TargetID: "a2", From: "5511900000001"}); !errors.Is(err, inbound.ErrTargetUnknown) {
		t.Fatalf("cross-tenant delete: %v", err)
	}
	if err := step(connB, channel.Event{Kind: channel.EventEdit, ProviderID: "e3", TargetID: "a2", From: "5511900000001", Body: "x"}); !errors.Is(err, inbound.ErrTargetUnknown) {
		t.Fatalf("cross-tenant edit: %v", err)
	}
	if m := msg(connA, "a2"); m.IsDeleted || m.Body != "meu cpf é 456" {
		t.Fatalf("A's message changed by B's events: %+v", m)
	}
}
