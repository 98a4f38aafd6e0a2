-- +goose Up
-- The pending index is keyed on id, the order events arrive in. Keyed on received_at, it was
-- the planner's choice for a claim ("id = ? AND processed_at IS NULL"), which then walked
-- every pending event with a filter on id: 340 blocks a claim under a backlog, against 2.
CREATE INDEX inbound_events_pending_id_idx ON inbound_events (id) WHERE processed_at IS NULL;
DROP INDEX inbound_events_pending_idx;

-- +goose Down
CREATE INDEX inbound_events_pending_idx ON inbound_events (received_at) WHERE processed_at IS NULL;
DROP INDEX inbound_events_pending_id_idx;
