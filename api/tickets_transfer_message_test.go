package api_test

import (
	"testing"
)

// The transfer message renders its variables for the ticket the conversation goes on in:
// with closeTicketOnTransfer the new ticket (its queue, attendant and protocol).
func TestTransferMessageOnTheNewTicket(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	cid := d.Company.ID
	e.setSetting(cid, "closeTicketOnTransfer", "enabled")
	e.setSetting(cid, "sendMsgTransfTicket", "enabled")
	e.setSetting(cid, "transferMessage", "{{firstName}}, agora com {{userName}} em {{queue}} (protocolo {{protocol}})")
	old := d.ticket(tk{name: "Lia Reis", status: "open", queue: d.q1, user: d.Attender.ID})
	e.run(t, []scenario{put("transfer to another queue", old.ID, d.agent,
		map[string]any{"userId": d.mate.ID, "queueId": d.q2, "isTransfered": true}, 200, "", nil)})
	var next int64
	e.App.DB.Raw("SELECT id FROM tickets WHERE contact_id = ? AND id <> ?", old.Contact, old.ID).Scan(&next)
	if next == 0 {
		t.Fatal("no new ticket")
	}
	e.says(next, "Lia, agora com User mate@acme.test em Suporte (protocolo "+e.protocol(next)+")")(t, nil)
	if got := e.trackings(next); len(got) != 1 || got[0] != itoa(d.q2)+" q - s -" {
		t.Errorf("the new ticket's episode: %v", got)
	}

	// To a queue only: the new ticket waits in it.
	waits := d.ticket(tk{name: "Rui", status: "open", queue: d.q1, user: d.Attender.ID})
	e.run(t, []scenario{put("transfer to a queue only", waits.ID, d.agent,
		map[string]any{"userId": nil, "queueId": d.q2, "isTransfered": true}, 200, "", nil)})
	e.App.DB.Raw("SELECT id FROM tickets WHERE contact_id = ? AND id <> ?", waits.Contact, waits.ID).Scan(&next)
	if got := e.trackings(next); len(got) != 1 || got[0] != itoa(d.q2)+" q - - -" || e.ticketField(next, "status") != "pending" {
		t.Errorf("the waiting new ticket: %v, %s", got, e.ticketField(next, "status"))
	}
	e.says(next, "Rui, agora com  em Suporte (protocolo "+e.protocol(next)+")")(t, nil)
}
