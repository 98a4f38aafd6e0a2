package tasks

import (
	"encoding/json"
	"strings"

	"github.com/hibiken/asynq"
)

// The hand-offs of a customer's message to a bot (an integration, a prompt, a flow step
// the inbound batch could not run) and the kanban lane timers (a message on a card in a
// lane, the lane's timer) are queued after the transaction that decided them commits; a
// process killed in between, or a Redis that lost the queue (a timer waits there for
// minutes or days), would lose them. They are kept in PostgreSQL (pkg/taskoutbox) and
// queued again from there until they finish: these are the kinds kept, each rebuilt from
// its payload with its own TaskID, so a task still queued is never queued twice.
var kept = map[string]func(payload []byte) (*asynq.Task, string, error){
	TypeIntegrationMessage: rebuild(NewIntegrationMessage, IntegrationMessage.id),
	TypePromptMessage:      rebuild(NewPromptMessage, PromptMessage.id),
	TypeFlowStep:           rebuild(NewFlowStep, FlowStep.id),
	TypeLaneMessage:        rebuild(NewLaneMessage, LaneMessage.id),
	TypeLaneMove:           rebuild(NewLaneMove, LaneMove.id),
}

func rebuild[P any](build func(P) (*asynq.Task, error), id func(P) string) func([]byte) (*asynq.Task, string, error) {
	return func(payload []byte) (*asynq.Task, string, error) {
		var p P
		if err := json.Unmarshal(payload, &p); err != nil {
			return nil, "", err
		}
		t, err := build(p)
		return t, id(p), err
	}
}

// Kept reports whether the task of type typ and TaskID id may be one kept until it finishes:
// a flow step only when it answers a customer's message (a wake-up's or an entry's never
// is), so the worker's release costs those nothing.
func Kept(typ, id string) bool {
	if _, ok := kept[typ]; !ok {
		return false
	}
	return typ != TypeFlowStep || strings.HasPrefix(id, TypeFlowStep+":m:")
}

// Rebuild is a kept task again from its type and payload, with its TaskID; ok false for a
// type that is not kept.
func Rebuild(typ string, payload []byte) (t *asynq.Task, id string, ok bool, err error) {
	build, ok := kept[typ]
	if !ok {
		return nil, "", false, nil
	}
	t, id, err = build(payload)
	return t, id, true, err
}
