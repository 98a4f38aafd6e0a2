package realtime

import (
	"bytes"
	"encoding/json"
	"fmt"

	gojson "github.com/goccy/go-json"
)

// An event travels the Redis channel as its routing header (JSON), a newline, then the
// frame sockets receive, {"event": name, "data": data}, built once by the publisher. A hub
// reads the small header and hands out the frame as it came: decoding every event whole
// (two per inbound message, a few kilobytes each) was a twelfth of the api's CPU at 1,000
// messages a second. encoding/json never writes a raw newline, so the first one ends the
// header.
type header struct {
	Rooms  []string     `json:"rooms"`
	Name   string       `json:"event"`
	Revoke *Revoke      `json:"revoke,omitempty"`
	Mask   bool         `json:"maskNumbers,omitempty"`
	Admins bool         `json:"adminsOnly,omitempty"`
	Ticket *TicketScope `json:"ticket,omitempty"`
}

// encode writes ev in its wire form. go-json writes what encoding/json does (the wire
// test compares them) in a third of the time: an inbound message announces two or three
// events, and encoding them was a tenth of the worker's CPU.
func encode(ev Event) ([]byte, error) {
	head, err := gojson.Marshal(header{Rooms: ev.Rooms, Name: ev.Name, Revoke: ev.Revoke, Mask: ev.MaskNumbers,
		Admins: ev.AdminsOnly, Ticket: ev.Ticket})
	if err != nil {
		return nil, err
	}
	data, err := gojson.Marshal(ev.Data)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(head)+len(ev.Name)+len(data)+24)
	return appendFrame(append(append(out, head...), '\n'), ev.Name, data), nil
}

// appendFrame appends what a socket receives: {"event": name, "data": data}.
func appendFrame(out []byte, name string, data []byte) []byte {
	quoted, _ := json.Marshal(name)
	out = append(append(append(append(out, `{"event":`...), quoted...), `,"data":`...), data...)
	return append(out, '}')
}

// decode splits a published event into its header and its frame.
func decode(payload []byte) (header, []byte, error) {
	var h header
	head, frame, ok := bytes.Cut(payload, []byte{'\n'})
	if !ok {
		return decodeWhole(payload)
	}
	return h, frame, gojson.Unmarshal(head, &h)
}

// decodeWhole reads the form a release before the header existed publishes (the event as
// one JSON object), so that hubs and publishers of two releases work together during a
// rolling deploy.
func decodeWhole(payload []byte) (header, []byte, error) {
	var ev struct {
		header
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(payload, &ev); err != nil {
		return header{}, nil, err
	}
	if len(ev.Data) == 0 {
		ev.Data = json.RawMessage("null")
	}
	return ev.header, appendFrame(nil, ev.Name, ev.Data), nil
}

// Decode reads a published event back, its Data as raw JSON: for tests and tools that
// watch the channel.
func Decode(payload []byte) (Event, error) {
	h, frame, err := decode(payload)
	if err != nil {
		return Event{}, err
	}
	var f struct{ Data json.RawMessage }
	if err := json.Unmarshal(frame, &f); err != nil {
		return Event{}, err
	}
	return Event{Rooms: h.Rooms, Name: h.Name, Data: f.Data, Revoke: h.Revoke, MaskNumbers: h.Mask,
		AdminsOnly: h.Admins, Ticket: h.Ticket}, nil
}

// goneFrame is a ticket's removal ({"action":"delete","ticketId":id}) under event name.
func goneFrame(name string, ticketID int64) []byte {
	return appendFrame(nil, name, fmt.Appendf(nil, `{"action":"delete","ticketId":%d}`, ticketID))
}
