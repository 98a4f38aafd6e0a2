-- +goose NO TRANSACTION
-- +goose Up
-- Deleting a contact sets its messages' contact_id to NULL (ON DELETE SET NULL), and the
-- only index on contact_id was partial (inbound messages), which that update can't use: it
-- read the whole messages table once per deleted contact. A full index serves both the
-- delete and Meta's 24-hour window (the contact's newest inbound message). Built
-- concurrently: the messages table is the largest, and inbound traffic must not wait.
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_contact_idx ON messages (contact_id, created_at DESC);
DROP INDEX CONCURRENTLY IF EXISTS messages_contact_inbound_idx;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_contact_inbound_idx ON messages (contact_id, created_at DESC) WHERE NOT from_me;
DROP INDEX CONCURRENTLY IF EXISTS messages_contact_idx;
