-- +goose Up
-- A sandbox receipt round reads a connection's deliveries still short of "read", sent
-- before the round's tick (pkg/channel/sandbox/receipts.go); read deliveries leave the index.
CREATE INDEX sandbox_outbox_unread_idx ON sandbox_outbox (connection_id, created_at) WHERE ack < 3;

-- +goose Down
DROP INDEX sandbox_outbox_unread_idx;
