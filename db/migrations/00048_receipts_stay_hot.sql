-- +goose NO TRANSACTION
-- +goose Up
-- Receipts (ack 1 → 2 → 3) are most of the updates a busy pipeline makes to messages. An
-- update can be HOT (no index touched, the trigram index least of all) only when no index
-- names the columns it changes, predicates included: the unsent index named ack, so every
-- receipt rewrote all ten indexes. Unsent now means "no provider id yet", which the
-- reconciler's query (message.Stranded) also checks. Free room in new pages keeps the
-- updates on their page.
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_unsent_provider_idx ON messages (created_at)
  WHERE from_me AND provider_id IS NULL AND NOT is_private;
DROP INDEX CONCURRENTLY IF EXISTS messages_unsent_idx;
ALTER TABLE messages SET (fillfactor = 90);
-- A sandbox receipt round reads the deliveries of one tick (pkg/channel/sandbox/receipts.go).
CREATE INDEX CONCURRENTLY IF NOT EXISTS sandbox_outbox_created_idx ON sandbox_outbox (created_at);
ALTER TABLE sandbox_outbox SET (fillfactor = 90);

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS sandbox_outbox_created_idx;
ALTER TABLE sandbox_outbox RESET (fillfactor);
ALTER TABLE messages RESET (fillfactor);
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_unsent_idx ON messages (created_at) WHERE from_me AND ack = 0 AND NOT is_private;
DROP INDEX CONCURRENTLY IF EXISTS messages_unsent_provider_idx;
