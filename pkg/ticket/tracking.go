package ticket

import (
	"gorm.io/gorm"
)

// A tracking row is one service episode of a ticket (the row with finished_at NULL is the
// current one): when the bot took it (chatbot_at), when it was queued, started by an
// attendant, closed, rated. Every new ticket gets its row at once, so the dashboard can
// measure the bot stage and the wait as well as the service.

// onCurrent is the conflict target of the one current episode per ticket
// (ticket_trackings_current).
const onCurrent = `ON CONFLICT (ticket_id) WHERE finished_at IS NULL`

// openTrackings starts the current episode of tickets that have none (new or reopened
// tickets): waiting from now when they already have a queue.
func openTrackings(tx *gorm.DB, ticketIDs []int64) error {
	if len(ticketIDs) == 0 {
		return nil
	}
	return tx.Exec(openTrackingsSQL, ticketIDs).Error
}

// openTrackingsSQL opens the episode of the tickets "id IN ?" names.
const openTrackingsSQL = `INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, queue_id, queued_at)
	SELECT company_id, id, connection_id, queue_id, CASE WHEN queue_id IS NOT NULL THEN now() END
	FROM tickets WHERE id IN ? ` + onCurrent + ` DO NOTHING`

// trackQueue records that the system put t in its queue: the current episode (opened if
// there is none) names the queue and waits from now, unless it was already waiting.
func trackQueue(tx *gorm.DB, t Ticket) error {
	return tx.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, queue_id, queued_at)
		VALUES (?, ?, ?, ?, CASE WHEN ?::bigint IS NOT NULL THEN now() END) `+onCurrent+` DO UPDATE
		SET queue_id = EXCLUDED.queue_id, queued_at = COALESCE(ticket_trackings.queued_at, EXCLUDED.queued_at), updated_at = now()`,
		t.CompanyID, t.ID, t.ConnectionID, t.QueueID, t.QueueID).Error
}

// TrackQueue is trackQueue for the inbound pipeline (the history import's queue), inside
// the caller's transaction.
func TrackQueue(tx *gorm.DB, t Ticket) error { return trackQueue(tx, t) }

// startTracking marks the current episode started now by userID, opening a new episode
// when none is current (a reopened or agent-created ticket).
func startTracking(tx *gorm.DB, t Ticket, userID *int64) error {
	res := tx.Exec(`UPDATE ticket_trackings SET started_at = now(), user_id = ?, queue_id = ?,
		queued_at = COALESCE(queued_at, now()), updated_at = now()
		WHERE ticket_id = ? AND finished_at IS NULL`, userID, t.QueueID, t.ID)
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	return tx.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, user_id, queue_id, queued_at, started_at)
		VALUES (?, ?, ?, ?, ?, now(), now())`, t.CompanyID, t.ID, t.ConnectionID, userID, t.QueueID).Error
}

// unstartTracking puts the current episode back in the queue (no attendant).
func unstartTracking(tx *gorm.DB, t Ticket) error {
	return tx.Exec(`UPDATE ticket_trackings SET started_at = NULL, user_id = NULL, queue_id = ?,
		queued_at = COALESCE(queued_at, CASE WHEN ?::bigint IS NOT NULL THEN now() END), updated_at = now()
		WHERE ticket_id = ? AND finished_at IS NULL`, t.QueueID, t.QueueID, t.ID).Error
}

// finishTracking closes the current episode, and with it the ticket's flow state (BEHAVIOUR
// §6 "Close"): a flow run still active stops, so that a reopened ticket starts afresh.
func finishTracking(tx *gorm.DB, t Ticket) error {
	if err := tx.Exec(`UPDATE ticket_trackings SET closed_at = COALESCE(closed_at, now()), finished_at = now(),
		user_id = COALESCE(?, user_id), queue_id = COALESCE(?, queue_id), updated_at = now()
		WHERE ticket_id = ? AND finished_at IS NULL`, t.UserID, t.QueueID, t.ID).Error; err != nil {
		return err
	}
	return StopFlowRuns(tx, t.ID)
}

// runStopped are the assignments that stop a flow run.
const runStopped = `status = 'stopped', waiting = '', wake_at = NULL, updated_at = now()`

// runEnded is what an UPDATE of flow_runs that ends runs returns for runStops.
const runEnded = `RETURNING r.company_id, r.flow_id, r.id, r.node_id, r.entry`

// runStops records, for each run the CTE named ended ended (it returned runEnded), a
// 'stop' at the node the run was on: the flow's analytics count every way a run ends there
// (a close, a transfer, a flow started over, an attendant), not only the flow's own end. A
// simulator's run is not counted.
func runStops(ended string) string {
	return `INSERT INTO flow_node_events (company_id, flow_id, run_id, node_id, kind)
		SELECT company_id, flow_id, id, node_id, 'stop' FROM ` + ended + ` WHERE entry <> 'simulate' AND node_id <> ''`
}

// EndFlowRuns ends the flow runs (aliased r) where selects, with the assignments set, and
// records each one's stop at its node. set's arguments come before where's.
func EndFlowRuns(tx *gorm.DB, set, where string, args ...any) error {
	return tx.Exec(`WITH ended AS (UPDATE flow_runs r SET `+set+` WHERE `+where+` `+runEnded+`) `+runStops("ended"), args...).Error
}

// StopFlowRun stops run runID (an attendant holds its ticket, or it closed).
func StopFlowRun(tx *gorm.DB, runID int64) error {
	return EndFlowRuns(tx, runStopped, "r.id = ?", runID)
}

// StopFlowRuns stops the ticket's active flow run, if any (a close; a flow started over).
func StopFlowRuns(tx *gorm.DB, ticketID int64) error {
	return EndFlowRuns(tx, runStopped, "r.ticket_id = ? AND r.status IN ('running','waiting')", ticketID)
}
