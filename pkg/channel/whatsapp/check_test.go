package whatsapp_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"go.mau.fi/whatsmeow/types"

	"atende/pkg/channel"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/testutil"
)

// TestCheckNumbers: whatsmeow's IsOnWhatsApp answers for every number, asked in chunks,
// through the owner's session (the channel.NumberChecker of contact lists).
func TestCheckNumbers(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	f := host(t, a)
	conn, _ := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", nil)
	var ch channel.NumberChecker = whatsapp.Channel{Hub: a.WhatsApp}
	numbers := []string{"550000"} // the fake's number without WhatsApp
	for i := range 250 {
		numbers = append(numbers, fmt.Sprintf("55119%08d", i))
	}
	got, err := ch.CheckNumbers(context.Background(), conn, numbers)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 251 || got["550000"] || !got["5511900000249"] {
		t.Fatalf("%d answers, 550000=%v", len(got), got["550000"])
	}
	unowned := testutil.NewConnection(t, a, ten.Company.ID, "idle", nil)
	if _, err := ch.CheckNumbers(context.Background(), unowned, numbers); !errors.Is(err, whatsapp.ErrNoOwner) {
		t.Fatalf("unowned: %v", err)
	}
}

// TestPhoneContacts: the phone's address book comes from the session's contact store, its
// phone-number entries only, named as the phone names them (else their profile name).
func TestPhoneContacts(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	f := host(t, a)
	f.mu.Lock()
	f.book = map[types.JID]types.ContactInfo{
		types.NewJID("5511988880001", types.DefaultUserServer): {Found: true, FullName: "Maria Silva", PushName: "Mari"},
		types.NewJID("5511988880002", types.DefaultUserServer): {Found: true, PushName: "Zé"},
		types.NewJID("120363000000000001", types.GroupServer):  {Found: true, FullName: "Grupo"},
		types.NewJID("99887766", types.HiddenUserServer):       {Found: true, FullName: "LID"},
	}
	f.mu.Unlock()
	conn, _ := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", nil)
	var book channel.PhoneBook = whatsapp.Channel{Hub: a.WhatsApp}
	got, err := book.PhoneContacts(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	want := []channel.PhoneContact{{Number: "5511988880001", Name: "Maria Silva"}, {Number: "5511988880002", Name: "Zé"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	unowned := testutil.NewConnection(t, a, ten.Company.ID, "idle", nil)
	if _, err := book.PhoneContacts(context.Background(), unowned); !errors.Is(err, whatsapp.ErrNoOwner) {
		t.Fatalf("unowned: %v", err)
	}
}
