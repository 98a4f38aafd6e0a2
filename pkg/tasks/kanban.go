package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Kanban lane timers (BEHAVIOUR §6, pkg/kanban).
const (
	// TypeLaneMessage reacts to a message on a ticket in a lane with timers: an agent's
	// starts the lane's timer, a customer's moves the card to the rollback lane.
	TypeLaneMessage = "kanban:message"
	// TypeLaneMove is a lane's timer: moves the card to the next lane when it is due.
	TypeLaneMove = "kanban:move"
)

// LaneMessage names a new message of a ticket.
type LaneMessage struct {
	CompanyID int64 `json:"companyId"`
	TicketID  int64 `json:"ticketId"`
	MessageID int64 `json:"messageId"`
	FromMe    bool  `json:"fromMe"`
}

// NewLaneMessage is keyed by the message: queuing it twice reacts once.
func NewLaneMessage(p LaneMessage) (*asynq.Task, error) {
	return newTask(TypeLaneMessage, p, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(30*time.Second),
		asynq.TaskID(p.id()))
}

func (p LaneMessage) id() string { return fmt.Sprintf("%s:%d", TypeLaneMessage, p.MessageID) }

// LaneMove is the timer an agent message started: ticket, lane and message name it, so a
// timer whose card left the lane or whose ticket got a newer message is stale and does
// nothing when it fires.
type LaneMove struct {
	CompanyID int64     `json:"companyId"`
	TicketID  int64     `json:"ticketId"`
	LaneID    int64     `json:"laneId"`
	MessageID int64     `json:"messageId"`
	Due       time.Time `json:"due"`
}

// NewLaneMove fires at p.Due; its TaskID is (ticket, lane, message).
func NewLaneMove(p LaneMove) (*asynq.Task, error) {
	return newTask(TypeLaneMove, p, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(30*time.Second),
		asynq.ProcessAt(p.Due), asynq.TaskID(p.id()))
}

func (p LaneMove) id() string {
	return fmt.Sprintf("%s:%d:%d:%d", TypeLaneMove, p.TicketID, p.LaneID, p.MessageID)
}
