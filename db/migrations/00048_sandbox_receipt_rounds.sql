-- +goose Up
-- A sandbox receipt round reads the deliveries of every sandbox connection still short of
-- "read", sent before the round's tick (pkg/channel/sandbox/receipts.go); read deliveries
-- leave the index.
CREATE INDEX sandbox_outbox_unread_idx ON sandbox_outbox (created_at) WHERE ack < 3;

-- +goose Down
DROP INDEX sandbox_outbox_unread_idx;
