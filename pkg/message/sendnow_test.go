package message

import (
	"testing"

	"atende/pkg/contact"
	"atende/pkg/tasks"
	"atende/pkg/ticket"
)

// Known.lists sends from what the caller holds only when it holds every message with its
// room and contact, all of the list's company; anything else is read back (ok false).
func TestKnownListsNeedsEveryRowOfTheListsCompany(t *testing.T) {
	contactID := int64(7)
	reply := Message{ID: 1, CompanyID: 10, TicketID: 3, ContactID: &contactID, FromMe: true}
	sent := Message{ID: 2, CompanyID: 10, TicketID: 3, ContactID: &contactID, FromMe: true, Ack: AckSent}
	tk := ticket.Ticket{ID: 3, CompanyID: 10, UUID: "u-3"}
	ct := contact.Contact{ID: 7, CompanyID: 10}
	held := func() Known {
		var k Known
		k.Add(reply, tk, ct)
		k.Add(sent, tk, ct)
		return k
	}
	list := []tasks.SendList{{CompanyID: 10, MessageIDs: []int64{1, 2}}}

	loaded, rooms, contacts, ok := held().lists(list)
	if !ok || len(loaded) != 1 || len(loaded[0]) != 1 || loaded[0][0].ID != 1 {
		t.Fatalf("held rows: ok %v, loaded %+v; want message 1 only (2 went already)", ok, loaded)
	}
	if rooms[3].UUID != "u-3" || contacts[7].ID != 7 {
		t.Fatalf("rooms %+v, contacts %+v", rooms, contacts)
	}

	cases := map[string]func(k *Known, l []tasks.SendList){
		"a message not held":           func(k *Known, l []tasks.SendList) { delete(k.Messages, 2) },
		"the list of another company":  func(k *Known, l []tasks.SendList) { l[0].CompanyID = 11 },
		"no room":                      func(k *Known, l []tasks.SendList) { delete(k.Rooms, 3) },
		"a room without its uuid":      func(k *Known, l []tasks.SendList) { k.Rooms[3] = ticket.Room{ID: 3, CompanyID: 10} },
		"a room of another company":    func(k *Known, l []tasks.SendList) { k.Rooms[3] = ticket.Room{ID: 3, CompanyID: 11, UUID: "x"} },
		"no contact":                   func(k *Known, l []tasks.SendList) { delete(k.Contacts, 7) },
		"a contact of another company": func(k *Known, l []tasks.SendList) { k.Contacts[7] = contact.Contact{ID: 7, CompanyID: 11} },
		"nothing held":                 func(k *Known, l []tasks.SendList) { *k = Known{} },
	}
	for name, change := range cases {
		k, l := held(), []tasks.SendList{{CompanyID: 10, MessageIDs: []int64{1, 2}}}
		change(&k, l)
		if _, _, _, ok := k.lists(l); ok {
			t.Errorf("%s: sent from what the caller holds; want it read back", name)
		}
	}
}
