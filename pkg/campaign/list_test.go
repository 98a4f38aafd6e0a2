package campaign_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"atende/pkg/campaign"
	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/pkg/validate"
)

// sqlLog records the statements a session runs.
type sqlLog struct {
	logger.Interface
	mu    sync.Mutex
	stmts []string
}

func (l *sqlLog) Trace(_ context.Context, _ time.Time, fc func() (string, int64), _ error) {
	stmt, _ := fc()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stmts = append(l.stmts, stmt)
}

func (l *sqlLog) count(part string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, s := range l.stmts {
		if strings.Contains(s, part) {
			n++
		}
	}
	return n
}

// The campaigns page names each campaign's contact list and connection reading each table
// once for the whole page, not twice per campaign.
func TestCampaignListNamesInOneReadPerTable(t *testing.T) {
	f := newFixture(t, "5511970000001")
	other := f.newList("5511970000002")
	must(t, f.a.DB.Exec(`UPDATE contact_lists SET name = 'segunda' WHERE id = ?`, other).Error)
	conn2 := testutil.NewConnection(t, f.a, f.ten.Company.ID, "sandbox 2", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	want := map[int64][2]int64{} // campaign → list, connection
	for i, pick := range [][2]int64{{f.list, f.conn.ID}, {other, conn2.ID}, {f.list, conn2.ID}, {other, f.conn.ID}} {
		c, err := f.svc.Create(f.ctx, f.input(func(in *campaign.Input) {
			in.Name = "Campanha " + string(rune('A'+i))
			in.ContactListID = validate.Nullable[int64]{Set: true, Valid: true, Value: pick[0]}
			in.WhatsappID = validate.Nullable[int64]{Set: true, Valid: true, Value: pick[1]}
		}))
		must(t, err)
		want[c.ID] = pick
	}
	lists := map[int64]string{f.list: "lista", other: "segunda"}
	conns := map[int64]string{f.conn.ID: f.conn.Name, conn2.ID: conn2.Name}

	log := &sqlLog{Interface: logger.Discard}
	svc := f.svc
	svc.DB = f.a.DB.Session(&gorm.Session{Logger: log})
	p, err := svc.List(f.ctx, "campanha", 1)
	must(t, err)
	if len(p.Records) != len(want) {
		t.Fatalf("listed %d campaigns, want %d", len(p.Records), len(want))
	}
	for _, c := range p.Records {
		pick := want[c.ID]
		if c.ContactList == nil || c.ContactList.ID != pick[0] || c.ContactList.Name != lists[pick[0]] {
			t.Errorf("campaign %d: contact list %+v, want %d %q", c.ID, c.ContactList, pick[0], lists[pick[0]])
		}
		if c.Whatsapp == nil || c.Whatsapp.ID != pick[1] || c.Whatsapp.Name != conns[pick[1]] {
			t.Errorf("campaign %d: connection %+v, want %d %q", c.ID, c.Whatsapp, pick[1], conns[pick[1]])
		}
	}
	if l, w := log.count(`FROM "contact_lists"`), log.count(`FROM "connections"`); l != 1 || w != 1 {
		t.Errorf("the page read contact_lists %d times and connections %d times, want once each: %q", l, w, log.stmts)
	}

	// One campaign (GET /campaigns/{id}) is named the same way.
	c, err := f.svc.Get(f.ctx, p.Records[0].ID)
	must(t, err)
	if c.ContactList == nil || c.Whatsapp == nil || c.ContactList.Name != lists[want[c.ID][0]] ||
		c.Whatsapp.Name != conns[want[c.ID][1]] {
		t.Errorf("one campaign: %+v %+v", c.ContactList, c.Whatsapp)
	}
}

// The report's per-contact table reads a page of the campaign's numbers in id order from
// campaign_shippings_campaign_idx (migration 00065), with or without a state filter,
// instead of reading and sorting all of the campaign's numbers for each page.
func TestShippingsPageReadsTheCampaignIndex(t *testing.T) {
	f := newFixture(t, "5511970000001")
	c, err := f.svc.Create(f.ctx, f.input(nil))
	must(t, err)
	other, err := f.svc.Create(f.ctx, f.input(nil))
	must(t, err)
	// Another campaign's numbers, many more and first (ids are the platform's, in order of
	// insertion): walking the primary key, the page would read past them.
	numbers := func(campaignID int64, n int) {
		must(t, f.a.DB.Exec(`INSERT INTO campaign_shippings (company_id, campaign_id, number, delivered_at, ack)
			SELECT ?, ?, '5511' || g, CASE WHEN g % 3 = 0 THEN now() END, g % 4 FROM generate_series(1, ?) g`,
			f.ten.Company.ID, campaignID, n).Error)
	}
	numbers(other.ID, 100000)
	numbers(c.ID, 2000)
	must(t, f.a.DB.Exec(`ANALYZE campaign_shippings`).Error)
	for _, state := range []string{"", "sent", "delivered"} {
		log := &sqlLog{Interface: logger.Discard}
		svc := f.svc
		svc.DB = f.a.DB.Session(&gorm.Session{Logger: log})
		p, err := svc.Shippings(f.ctx, c.ID, "", state, 3)
		must(t, err)
		if state == "" && (len(p.Records) != 50 || !p.HasMore) {
			t.Fatalf("page 3: %d records, hasMore %v", len(p.Records), p.HasMore)
		}
		var stmt string
		for _, s := range log.stmts {
			if strings.Contains(s, "campaign_shippings") {
				stmt = s
			}
		}
		var plan []string
		must(t, f.a.DB.Raw("EXPLAIN "+stmt).Scan(&plan).Error)
		text := strings.Join(plan, "\n")
		if !strings.Contains(text, "campaign_shippings_campaign_idx") || strings.Contains(text, "Sort") {
			t.Errorf("state %q: the page does not walk campaign_shippings_campaign_idx:\n%s\n%s", state, stmt, text)
		}
	}
}
