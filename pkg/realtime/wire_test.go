package realtime

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// What a hub hands a socket is exactly {"event": name, "data": data}, whatever the data
// holds (newlines, quotes, nested JSON); the header round-trips.
func TestWireForm(t *testing.T) {
	ev := Event{Rooms: []string{"company-1-open", "ticket-x"}, Name: "company-1-appMessage",
		Data:        map[string]any{"body": "linha 1\nlinha \"2\"", "n": 3},
		Revoke:      &Revoke{UserID: 7, TokenVersion: 2},
		MaskNumbers: true, AdminsOnly: true}
	wire, err := encode(ev)
	if err != nil {
		t.Fatal(err)
	}
	h, frame, err := decode(wire)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(h.Rooms, ",") != "company-1-open,ticket-x" || h.Name != ev.Name || !h.Mask || !h.Admins || *h.Revoke != *ev.Revoke {
		t.Fatalf("header %+v", h)
	}
	var f struct {
		Event string
		Data  map[string]any
	}
	if err := json.Unmarshal(frame, &f); err != nil || f.Event != ev.Name || f.Data["body"] != "linha 1\nlinha \"2\"" {
		t.Fatalf("frame %s: %+v %v", frame, f, err)
	}
	back, err := Decode(wire)
	if err != nil || back.Name != ev.Name || string(back.Data.(json.RawMessage)) != `{"body":"linha 1\nlinha \"2\"","n":3}` {
		t.Fatalf("Decode: %+v %v", back, err)
	}
	// The previous release published the event as one JSON object.
	h, frame, err = decode([]byte(`{"rooms":["company-1-open"],"event":"company-1-ticket","data":{"a":1},"maskNumbers":true}`))
	if err != nil || h.Name != "company-1-ticket" || !h.Mask || string(frame) != `{"event":"company-1-ticket","data":{"a":1}}` {
		t.Fatalf("previous form: %+v %s %v", h, frame, err)
	}
	if _, _, err := decode([]byte(`not json`)); err == nil {
		t.Fatal("a bad payload was accepted")
	}
}

// Frames queued together go out as one JSON array, in order, within batchBytes; a lone
// frame goes as it is, and one that does not fit waits for the next message.
func TestGatherJoinsQueuedFrames(t *testing.T) {
	queue := make(chan []byte, 8)
	if msg, next, _ := gather(nil, []byte(`{"event":"a"}`), queue); string(msg) != `{"event":"a"}` || next != nil {
		t.Fatalf("a lone frame: %s, %s", msg, next)
	}
	queue <- []byte(`{"event":"b"}`)
	queue <- []byte(`{"event":"c"}`)
	msg, next, _ := gather(nil, []byte(`{"event":"a"}`), queue)
	var frames []struct{ Event string }
	if err := json.Unmarshal(msg, &frames); err != nil || len(frames) != 3 || frames[2].Event != "c" || next != nil {
		t.Fatalf("joined %s (%v), next %s", msg, err, next)
	}
	big := []byte(`{"event":"big","data":"` + strings.Repeat("x", batchBytes) + `"}`)
	queue <- big
	queue <- []byte(`{"event":"after"}`)
	msg, next, _ = gather(nil, []byte(`{"event":"a"}`), queue)
	if string(msg) != `{"event":"a"}` || string(next) != string(big) || len(queue) != 1 {
		t.Fatalf("a frame too long to join: sent %.40s, kept %.40s", msg, next)
	}
	if msg, _, _ = gather(nil, next, queue); string(msg) != string(big) || len(queue) != 1 {
		t.Fatal("a frame longer than a batch should go alone")
	}
}

// encode writes the frame encoding/json would: what the web app and the other processes
// read must not depend on the encoder. The data holds what events carry: times, pointers,
// omitted fields, nested rows, raw JSON, bytes, HTML and line separators, bad UTF-8.
func TestEncodeWritesWhatEncodingJSONDoes(t *testing.T) {
	type contact struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Email  string `json:"email,omitempty"`
		Hidden string `json:"-"`
	}
	type row struct {
		ID      int64           `json:"id"`
		QueueID *int64          `json:"queueId"`
		UserID  *int64          `json:"userId,omitempty"`
		Body    string          `json:"body"`
		At      time.Time       `json:"createdAt"`
		Done    *time.Time      `json:"doneAt"`
		Contact *contact        `json:"contact,omitempty"`
		Tags    []string        `json:"tags"`
		Raw     json.RawMessage `json:"raw"`
		Blob    []byte          `json:"blob"`
		Extra   map[string]any  `json:"extra"`
		//lint:ignore U1000 an unexported field, which neither encoder writes
		unexposed int
	}
	q := int64(3)
	data := map[string]any{"action": "create", "n": 1.5, "row": row{ID: 7, QueueID: &q,
		Body: "<b>Olá</b> & \u2028 \"citação\"\n\xff", At: time.Date(2026, 11, 29, 6, 0, 0, 123456789, time.FixedZone("BRT", -3*3600)),
		Contact: &contact{ID: 9, Name: "Zé", Hidden: "x"}, Raw: json.RawMessage(`{"a": [1, 2]}`), Blob: []byte("bytes"),
		Extra: map[string]any{"b": nil, "a": []int{1}}}, "empty": row{}}
	wire, err := encode(Event{Rooms: []string{"company-1-open"}, Name: "company-1-appMessage", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	_, frame, _ := decode(wire)
	want, _ := json.Marshal(data)
	if got := string(frame); got != `{"event":"company-1-appMessage","data":`+string(want)+`}` {
		t.Fatalf("frame\n%s\nwant data\n%s", got, want)
	}
}
