package flowrun

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/taskoutbox"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// apply writes a step's intents in the step's transaction: the run (its step counter
// advanced), the messages as outgoing rows with the system mark, the ticket's queue or
// close, the analytics events.
func (e Engine) apply(ctx context.Context, tx *gorm.DB, run Run, t ticket.Ticket, res Result, values vars.Values, msgID int64) (*applied, error) {
	var move queueMove
	if res.QueueID != nil {
		var err error
		if move, err = queueMoveOf(tx, t, *res.QueueID); err != nil {
			return nil, err
		}
		if move.closes {
			// Known before the run is written: the close leaves a run it already ended
			// alone, so the stop must be at the ticket node, not past it.
			res = res.EndAtQueue()
		}
	}
	done := &applied{run: run, res: res, message: msgID}
	st := res.State
	stateVars, _ := json.Marshal(st.Vars)
	var wake *time.Time
	if st.Status == StatusWaiting && st.Waiting == WaitInterval {
		at := time.Now().Add(res.WakeIn)
		wake, done.wakeAt = &at, at
	}
	run.Step++
	if err := tx.Exec(`UPDATE flow_runs SET node_id = ?, variables = ?, status = ?, waiting = ?, wake_at = ?, step = ?,
		element = ?, updated_at = now() WHERE id = ?`, st.NodeID, string(stateVars), st.Status, st.Waiting, wake, run.Step,
		st.Element, run.ID).Error; err != nil {
		return nil, err
	}
	run.NodeID, run.Status, run.Waiting, run.Variables = st.NodeID, st.Status, st.Waiting, stateVars
	done.run = run
	sends, later := res.Sends, []Send(nil)
	if res.QueueID != nil {
		sends, later = res.Sends[:res.QueuedAt], res.Sends[res.QueuedAt:]
	}
	if err := e.writeSends(ctx, tx, &t, sends, done); err != nil {
		return nil, err
	}
	before := t.Status
	if err := e.ticketChanges(ctx, tx, &t, res, move, done); err != nil {
		return nil, err
	}
	if t.Status != ticket.StatusClosed { // a queue that closes its tickets ended the run there
		if res.QueueID != nil {
			text, err := e.position(ctx, tx, t, values)
			if err != nil {
				return nil, err
			}
			if text != "" {
				later = append([]Send{{Body: text}}, later...)
			}
		}
		if err := e.writeSends(ctx, tx, &t, later, done); err != nil {
			return nil, err
		}
	}
	if t.Status != before {
		done.left = before // the lists of the status it left drop it
	}
	done.ticket = t
	handoff, err := handoffTask(run, msgID, res.Handoff)
	if err != nil {
		return nil, err
	}
	done.handoff = handoff
	if done.handoff != nil { // kept with the step until it finishes: a lost enqueue is queued again
		if err := taskoutbox.Keep(tx, run.CompanyID, done.handoff); err != nil {
			return nil, err
		}
	}
	return done, writeEvents(tx, run, res.Events)
}

// writeSends stores the step's messages, in order, with the system mark.
func (e Engine) writeSends(ctx context.Context, tx *gorm.DB, t *ticket.Ticket, sends []Send, done *applied) error {
	if len(sends) == 0 {
		return nil
	}
	drafts := make([]message.Draft, len(sends))
	for i, s := range sends {
		d := message.Draft{Body: fit(message.Marked(s.Body), t.Channel)}
		if s.MediaName != "" {
			d.MediaPath, d.MediaType = mediaPath(t.CompanyID, s.MediaName), s.MediaType
			d.MediaName = s.MediaName[strings.LastIndex(s.MediaName, "/")+1:]
			if s.MediaType == "audio" && !s.Voice {
				d.MediaType = message.TypeDocument // a file to play, not a voice note
			}
			if s.MediaType == "document" {
				d.MediaType = message.TypeDocument
			}
		}
		drafts[i] = d
	}
	msgs, err := message.Write(ctx, tx, *t, nil, drafts...)
	if err != nil {
		return err
	}
	wrote(t, msgs)
	done.msgs = append(done.msgs, msgs...)
	return nil
}

// wrote keeps t as message.Write left its row: the preview of its newest message, read.
func wrote(t *ticket.Ticket, msgs []message.Message) {
	if len(msgs) == 0 {
		return
	}
	t.LastMessage, t.FromMe, t.UnreadMessages, t.UpdatedAt = message.Preview(msgs[len(msgs)-1]), true, 0, time.Now()
}

// mediaPath is a flow file's storage path: names are relative to the company.
func mediaPath(companyID int64, name string) string {
	prefix := fmt.Sprintf("company%d/", companyID)
	if strings.HasPrefix(name, prefix) {
		return name
	}
	return prefix + strings.TrimPrefix(name, "/")
}

// position is a ticket node's queue-position message (sendQueuePosition), as the queue menu
// sends it: the company's text and the customer's place among the queue's unassigned waiting.
func (e Engine) position(ctx context.Context, tx *gorm.DB, t ticket.Ticket, values vars.Values) (string, error) {
	if e.Settings == nil || t.QueueID == nil || t.UserID != nil || t.Status != ticket.StatusPending || t.IsGroup ||
		e.Settings.Value(ctx, "sendQueuePosition") != "enabled" {
		return "", nil
	}
	text := strings.TrimSpace(vars.Render(e.Settings.Value(ctx, "sendQueuePositionMessage"), values))
	if text == "" {
		return "", nil
	}
	var ahead int
	err := tx.Raw(`SELECT count(*) FROM tickets WHERE company_id = ? AND status = 'pending' AND queue_id = ?
		AND user_id IS NULL AND NOT is_group AND id <> ?`, t.CompanyID, *t.QueueID, t.ID).Scan(&ahead).Error
	return text + " " + strconv.Itoa(ahead+1), err
}

// queueMove is what a ticket node's queue does to the ticket.
type queueMove struct {
	joins  bool // the company's queue, and no attendant holds the ticket
	closes bool // it joins a queue that closes its tickets, and the ticket can close
}

// queueMoveOf reads what moving t into queue queueID does.
func queueMoveOf(tx *gorm.DB, t ticket.Ticket, queueID int64) (queueMove, error) {
	var q struct {
		N      int64
		Closes bool
	}
	if err := tx.Raw(`SELECT count(*) AS n, coalesce(bool_or(close_ticket), false) AS closes FROM queues
		WHERE id = ? AND company_id = ?`, queueID, t.CompanyID).Scan(&q).Error; err != nil {
		return queueMove{}, err
	}
	joins := q.N == 1 && t.UserID == nil
	// the close needs the ticket's connection (ticketChanges)
	return queueMove{joins: joins, closes: joins && q.Closes && t.ConnectionID != nil}, nil
}

// ticketChanges applies a ticket node (the queue, pending; move is its queueMoveOf) and a
// "parar" close. A queue that closes its tickets closes this one too, by the normal close
// (decision 6).
func (e Engine) ticketChanges(ctx context.Context, tx *gorm.DB, t *ticket.Ticket, res Result, move queueMove, done *applied) error {
	closes := res.Close
	if res.QueueID != nil {
		if move.joins {
			closes = closes || move.closes
			if err := ticket.SetQueue(ctx, tx, t, *res.QueueID); err != nil {
				return err
			}
			if t.Status != ticket.StatusOpen && t.Status != ticket.StatusPending {
				t.Status = ticket.StatusPending
				if err := tx.Exec(`UPDATE tickets SET status = 'pending', updated_at = now() WHERE id = ?`, t.ID).Error; err != nil {
					return err
				}
			}
		}
	}
	if !closes || t.ConnectionID == nil {
		return nil
	}
	conn, err := connection.Store{DB: tx}.Get(ctx, *t.ConnectionID)
	if err != nil {
		return err
	}
	texts, err := ticket.CloseBySystem(ctx, tx, t, conn, e.Settings, ticket.AutoClose{Farewell: true})
	if err != nil {
		return err
	}
	msgs, err := message.WriteSystem(ctx, tx, *t, texts)
	wrote(t, msgs)
	done.msgs = append(done.msgs, msgs...)
	return err
}

// writeEvents records the step's analytics rows in one statement.
func writeEvents(tx *gorm.DB, run Run, events []Event) error {
	if len(events) == 0 || run.Entry == EntrySimulate { // an administrator's test is no customer
		return nil
	}
	var nodes, kinds, handles, targets, edges atdb.Texts
	for _, ev := range events {
		nodes, kinds, handles = append(nodes, ev.NodeID), append(kinds, ev.Kind), append(handles, ev.Handle)
		targets, edges = append(targets, ev.Target), append(edges, ev.EdgeID)
	}
	return tx.Exec(`INSERT INTO flow_node_events (company_id, flow_id, run_id, node_id, kind, handle, target, edge_id)
		SELECT ?, ?, ?, n, k, h, t, e FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS v(n, k, h, t, e)`,
		run.CompanyID, run.FlowID, run.ID, nodes, kinds, handles, targets, edges).Error
}
