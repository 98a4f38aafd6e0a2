-- +goose Up
-- The outgoing messages still waiting for their channel. "Unsent" was "no provider id yet"
-- (an index on messages whose predicate named provider_id), so recording the send, which
-- writes the provider id, was never a HOT update: every bot reply entered all of the
-- messages indexes twice, its trigram entries included. A channel that names a message
-- after our id (the sandbox, whatsmeow) now gets the provider id written with the row, and
-- the send's record only changes columns no index names. The reconciler reads this table
-- instead (message.Stranded); a send's record deletes the message's row, and the
-- reconciler drops rows whose message is no longer waiting.
CREATE TABLE message_outbox (
    message_id bigint PRIMARY KEY,
    created_at timestamptz NOT NULL
);
ALTER TABLE message_outbox SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000);

-- Rows stored without a provider id (an attendant's message, a campaign's, a flow's) wait
-- here from their insert; a row stored with one is the writer's to add (inbound.writeReplies),
-- since an echo of a message sent from the phone comes with one too and never waits.
-- +goose StatementBegin
CREATE FUNCTION message_outbox_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO message_outbox (message_id, created_at) VALUES (NEW.id, NEW.created_at) ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER messages_outbox_add AFTER INSERT ON messages FOR EACH ROW
    WHEN (NEW.from_me AND NEW.ack = 0 AND NOT NEW.is_private AND NEW.provider_id IS NULL)
    EXECUTE FUNCTION message_outbox_add();

INSERT INTO message_outbox (message_id, created_at)
SELECT id, created_at FROM messages
WHERE from_me AND provider_id IS NULL AND NOT is_private AND ack = 0 AND NOT is_deleted
  AND created_at > now() - interval '1 day';
DROP INDEX IF EXISTS messages_unsent_provider_idx;

-- +goose Down
CREATE INDEX IF NOT EXISTS messages_unsent_provider_idx ON messages (created_at)
  WHERE from_me AND provider_id IS NULL AND NOT is_private;
DROP TRIGGER IF EXISTS messages_outbox_add ON messages;
DROP FUNCTION IF EXISTS message_outbox_add();
DROP TABLE IF EXISTS message_outbox;
