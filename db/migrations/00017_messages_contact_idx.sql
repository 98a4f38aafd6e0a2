-- +goose NO TRANSACTION
-- +goose Up
-- Deleting a contact sets its messages' contact_id to NULL (ON DELETE SET NULL), and the
-- only index on contact_id was partial (inbound messages), which that update can't use: it
-- read the whole messages table once per deleted contact. A full index serves both the
-- delete and Meta's 24-hour window (the contact's newest inbound message). Built
-- concurrently: the messages table is the largest, and inbound traffic must not wait.
-- A build that failed (cancelled, out of disk) leaves an invalid index that IF NOT EXISTS
-- would skip on the next try: it is dropped first.
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE c.relname = 'messages_contact_idx' AND NOT i.indisvalid) THEN
        DROP INDEX messages_contact_idx;
    END IF;
END $$;
-- +goose StatementEnd
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_contact_idx ON messages (contact_id, created_at DESC);
DROP INDEX CONCURRENTLY IF EXISTS messages_contact_inbound_idx;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_contact_inbound_idx ON messages (contact_id, created_at DESC) WHERE NOT from_me;
DROP INDEX CONCURRENTLY IF EXISTS messages_contact_idx;
