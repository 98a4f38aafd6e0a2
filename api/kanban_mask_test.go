package api_test

import (
	"testing"
)

// With lgpdHideNumber enabled the board shows a profile user the contacts' numbers
// masked, as the ticket list does; admins still see them whole.
func TestKanbanBoardMasksNumbers(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	d.ticket(tk{number: "5511912345678", queue: d.q1, status: "open", user: d.Attender.ID})
	e.run(t, []scenario{
		get("off: the attendant sees the number", "/ticket/kanban", d.agent, 200, nil, `"number":"5511912345678"`),
	})
	e.setSetting(d.Company.ID, "lgpdHideNumber", "enabled")
	e.run(t, []scenario{
		{name: "on: the attendant's board is masked", method: "GET", path: "/ticket/kanban", token: d.agent, status: 200,
			contain: []string{`"number":"***********78"`}, absent: []string{"5511912345678"}},
		get("on: the admin still sees it", "/ticket/kanban", d.admin, 200, nil, `"number":"5511912345678"`),
	})
}
