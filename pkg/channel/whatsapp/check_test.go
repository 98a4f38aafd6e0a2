package whatsapp_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

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
