package worker_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"atende/pkg/flow"
	"atende/pkg/mediause"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// The daily sweep removes a company's flow files that no flow of the company names and
// nothing else shows, once past the grace an unsaved editor gets; what a flow, a sent
// message or another record names stays, and a flow of one company keeps none of
// another's files. It also prunes the node events the analytics can no longer reach.
func TestFlowSweep(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	beta := testutil.NewTenant(t, a, "beta", 0)
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0}, 64)...)
	old := time.Now().Add(-flow.MediaGrace - time.Hour)
	store := func(companyID int64, aged bool) string {
		f, err := a.Media.Save(companyID, flow.MediaFolder, bytes.NewReader(png), 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if aged {
			if err := os.Chtimes(filepath.Join(a.Media.Dir, f.Path), old, old); err != nil {
				t.Fatal(err)
			}
		}
		return f.Path
	}
	inFlow, shown, orphan, fresh := store(acme.Company.ID, true), store(acme.Company.ID, true), store(acme.Company.ID, true), store(acme.Company.ID, false)
	theirs := store(beta.Company.ID, true)
	nodes := `[{"id":"1","type":"img","data":{"url":"` + flow.MediaName(inFlow) + `"}},` +
		`{"id":"2","type":"img","data":{"url":"` + flow.MediaName(theirs) + `"}}]`
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO flows (company_id, name, nodes) VALUES (?, 'Boas-vindas', ?::jsonb)`, []any{acme.Company.ID, nodes}},
		{`WITH c AS (INSERT INTO contacts (company_id, name, number, channel) VALUES (?, 'Ana', '5511900000001', 'whatsapp') RETURNING id),
			t AS (INSERT INTO tickets (company_id, contact_id, status, channel) SELECT ?, c.id, 'closed', 'whatsapp' FROM c RETURNING id),
			r AS (INSERT INTO flow_runs (company_id, ticket_id, flow_id, status, entry)
			  SELECT ?, t.id, (SELECT id FROM flows WHERE company_id = ?), 'done', 'welcome' FROM t RETURNING id, company_id, flow_id)
			INSERT INTO flow_node_events (company_id, flow_id, run_id, node_id, kind, at)
			SELECT company_id, flow_id, id, n, 'enter', now() - d * interval '1 day' FROM r, (VALUES ('antigo', 401), ('recente', 30)) v(n, d)`,
			[]any{acme.Company.ID, acme.Company.ID, acme.Company.ID, acme.Company.ID}},
		{`INSERT INTO quick_messages (company_id, shortcode, media_path) VALUES (?, 'promo', ?)`, []any{acme.Company.ID, shown}},
	} {
		if err := a.DB.Exec(q.sql, q.args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	startWorker(t, a)
	task, err := tasks.NewHousekeeping(tasks.TypeFlowSweep)(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := tasks.Enqueue(t.Context(), a.Queue, task); err != nil {
		t.Fatal(err)
	}
	exists := func(rel string) bool {
		_, err := os.Stat(filepath.Join(a.Media.Dir, rel))
		return err == nil
	}
	for deadline := time.Now().Add(30 * time.Second); exists(orphan) || exists(theirs); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the sweep left an unnamed file (orphan %v, another company's %v)", exists(orphan), exists(theirs))
		}
	}
	var events []string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		events = nil
		if err := a.DB.Raw(`SELECT node_id FROM flow_node_events ORDER BY node_id`).Scan(&events).Error; err != nil {
			t.Fatal(err)
		}
		if len(events) < 2 || time.Now().After(deadline) {
			break
		}
	}
	if len(events) != 1 || events[0] != "recente" {
		t.Fatalf("node events left %v, want only the recent one", events)
	}
	// Any record letting go of a flow's file (an LGPD erase of the messages it sent, say)
	// keeps it while a flow names it.
	if err := mediause.RemoveUnused(a.DB, a.Media, inFlow); err != nil {
		t.Fatal(err)
	}
	for name, rel := range map[string]string{"named by a flow": inFlow, "shown by a quick message": shown, "uploaded today": fresh} {
		if !exists(rel) {
			t.Errorf("the sweep removed the file %s", name)
		}
	}
}
