package ticket

import (
	"net/url"
	"slices"
	"testing"

	"atende/pkg/user"
)

func TestMaskNumber(t *testing.T) {
	for in, want := range map[string]string{"5511912345678": "***********78", "12": "12", "": "", "abc": "*bc"} {
		if got := MaskNumber(in); got != want {
			t.Errorf("MaskNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestListParamsFrom(t *testing.T) {
	q, _ := url.ParseQuery(`tags=[1,"2",{"id":3}]&users=4&userFilter=5,6&whatsapps=[7]&whatsappIds=8&queueIds=null` +
		`&statusFilter=["open","closed"]&status=search&showAll=true&pageNumber=3&sortTickets=asc&searchParam=+ana+`)
	p := ListParamsFrom(q)
	if !slices.Equal(p.Tags, []int64{1, 2, 3}) || !slices.Equal(p.Users, []int64{4, 5, 6}) ||
		!slices.Equal(p.Whatsapps, []int64{7, 8}) || p.QueueIDs != nil ||
		!slices.Equal(p.StatusFilter, []string{"open", "closed"}) || p.Status != "" || !p.ShowAll ||
		p.PageNumber != 3 || !p.SortAsc || p.SearchParam != "ana" {
		t.Fatalf("%+v", p)
	}
}

func TestCanSee(t *testing.T) {
	id := func(n int64) *int64 { return &n }
	agent := viewer{User: user.User{ID: 1, Profile: user.ProfileUser}, queues: []int64{10}}
	withAll := agent
	withAll.AllTicket, withAll.AllowGroup = "enable", true
	admin := viewer{User: user.User{ID: 2, Profile: user.ProfileAdmin}}
	allChat := agent
	allChat.AllUserChat = user.Enabled
	cases := []struct {
		name string
		v    viewer
		t    Ticket
		want bool
	}{
		{"own queue", agent, Ticket{QueueID: id(10)}, true},
		{"other queue", agent, Ticket{QueueID: id(11)}, false},
		{"own ticket in another queue", agent, Ticket{QueueID: id(11), UserID: id(1)}, true},
		{"no queue", agent, Ticket{}, false},
		{"no queue with allTicket", withAll, Ticket{}, true},
		{"group without allowGroup", agent, Ticket{IsGroup: true, QueueID: id(10)}, false},
		{"group tab with allowGroup", withAll, Ticket{IsGroup: true, Status: StatusGroup}, true},
		{"admin sees any", admin, Ticket{IsGroup: true}, true},
		{"allUserChat counts as admin", allChat, Ticket{QueueID: id(11)}, true},
		{"never another company's", admin, Ticket{CompanyID: 9}, false},
	}
	for _, c := range cases {
		if got := c.v.canSee(c.t); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
