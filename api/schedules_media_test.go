package api_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"atende/pkg/mediause"
	"atende/pkg/schedule"
	"atende/pkg/tasks"
)

// createWithImage posts a schedule with an image (multipart) and returns it with the
// stored file's path.
func (f scheduleFixture) createWithImage(t *testing.T, fields map[string]string) (schedule.Schedule, string) {
	t.Helper()
	base := map[string]string{"body": "Promoção com imagem", "contactId": itoa(f.maria),
		"sendAt": time.Now().UTC().Format(time.RFC3339)}
	for k, v := range fields {
		base[k] = v
	}
	body, ctype := multipartForm(t, base, "file", "promo.png", tinyPNG(t))
	st, out := f.e.call("POST", "/schedules", f.agentA, body, ctype)
	if st != 201 {
		t.Fatalf("create: %d %s", st, out)
	}
	sc := decode[schedule.Schedule](t, out)
	var rel string
	f.e.App.DB.Raw("SELECT media_path FROM schedules WHERE id = ?", sc.ID).Scan(&rel)
	if rel == "" || !slices.Contains(mediaFiles(t, f.e), rel) {
		t.Fatalf("image not stored: %q", rel)
	}
	return sc, rel
}

// A schedule's image is stored once and named by the messages its sends wrote: deleting
// or replacing the image, or the schedule, removes the file only when no message shows
// it; a schedule being sent is not deleted under its send (it may be reading the file);
// a message erased by its sender leaves the file of a schedule that still names it.
func TestScheduleImageSharedWithItsMessages(t *testing.T) {
	f := newScheduleFixture(t)
	e := f.e
	has := func(rel string) bool { return slices.Contains(mediaFiles(t, e), rel) }

	// Never sent: deleting the schedule deletes its image.
	unsent, rel := f.createWithImage(t, map[string]string{"sendAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)})
	e.run(t, []scenario{{name: "delete unsent", method: "DELETE", path: "/schedules/" + itoa(unsent.ID), token: f.agentA, status: 200}})
	if has(rel) {
		t.Fatal("the image of a deleted, never sent schedule was left in storage")
	}

	// Sent once (a recurring schedule): the ticket's message names the same file.
	sc, first := f.createWithImage(t, map[string]string{"intervalo": "4", "valorIntervalo": "5", "enviarQuantasVezes": "3"})
	p := tasks.ScheduleFire{CompanyID: f.a.Company.ID, ScheduleID: sc.ID, Occurrence: 1, SendAt: sc.SendAt}
	if err := e.App.Schedules.Fire(context.Background(), p, false); err != nil {
		t.Fatal(err)
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE company_id = ? AND media_path = ?", f.a.Company.ID, first); n != 1 {
		t.Fatalf("%d messages name the schedule's image", n)
	}
	// A new image replaces it on the schedule; the sent message keeps the first.
	path := "/schedules/" + itoa(sc.ID)
	body, ctype := avatarForm(t, "file", "nova.png", tinyPNG(t))
	e.run(t, []scenario{{name: "replace the image", method: "POST", path: path + "/media-upload", token: f.agentA,
		body: body, ctype: ctype, status: 200, contain: []string{`"mediaName":"nova.png"`}}})
	var second string
	e.App.DB.Raw("SELECT media_path FROM schedules WHERE id = ?", sc.ID).Scan(&second)
	if !has(first) || !has(second) || first == second {
		t.Fatalf("after replacing: first kept %v, second stored %v", has(first), has(second))
	}

	// A send in progress holds the schedule: no delete under it.
	e.sql("INSERT INTO schedule_sends (company_id, schedule_id, occurrence, send_at, lease_until) VALUES (?, ?, 2, now(), now() + interval '1 minute')",
		f.a.Company.ID, sc.ID)
	e.run(t, []scenario{{name: "delete while sending", method: "DELETE", path: path, token: f.agentA, status: 409, code: "ERR_SCHEDULE_SENDING"}})
	if !has(second) {
		t.Fatal("a refused delete removed the image")
	}
	e.sql("DELETE FROM schedule_sends WHERE schedule_id = ? AND occurrence = 2", sc.ID)

	// Deleting the schedule: its own image (never sent) goes, the sent message's stays.
	e.run(t, []scenario{{name: "delete after a send", method: "DELETE", path: path, token: f.agentA, status: 200}})
	if has(second) || !has(first) {
		t.Fatalf("after delete: unsent image left %v, sent image kept %v", has(second), has(first))
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE media_path = ? AND NOT is_deleted", first); n != 1 {
		t.Fatal("the sent message lost its image")
	}

	// Removing the image of a schedule whose sends show it keeps the file for them.
	kept, img := f.createWithImage(t, map[string]string{"intervalo": "4", "valorIntervalo": "5", "enviarQuantasVezes": "3"})
	if err := e.App.Schedules.Fire(context.Background(), tasks.ScheduleFire{CompanyID: f.a.Company.ID, ScheduleID: kept.ID,
		Occurrence: 1, SendAt: kept.SendAt}, false); err != nil {
		t.Fatal(err)
	}
	e.run(t, []scenario{{name: "remove a sent image", method: "DELETE", path: "/schedules/" + itoa(kept.ID) + "/media-upload",
		token: f.agentA, status: 200, contain: []string{`"mediaName":""`}}})
	if !has(img) {
		t.Fatal("removing the schedule's image deleted the file its sent message shows")
	}

	// The other way round (the check the inbound erase of a deleted message asks too): a
	// schedule's own file is in use while the schedule names it, for its company only.
	again, shared := f.createWithImage(t, map[string]string{"intervalo": "4", "valorIntervalo": "5", "enviarQuantasVezes": "3"})
	_ = again
	if used, err := mediause.InUse(e.App.DB, f.a.Company.ID, shared); err != nil || !used {
		t.Fatalf("the schedule's own file is not in use: %v %v", used, err)
	}
	if used, err := mediause.InUse(e.App.DB, f.b.Company.ID, shared); err != nil || used {
		t.Fatalf("another company's rows count: %v %v", used, err)
	}
}
