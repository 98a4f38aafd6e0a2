-- +goose Up
-- Connection settings the admin form edits beyond 00002: business hours of the connection
-- (scheduleType = connection) and the original name of the greeting media file (the
-- greeting_media_attachment column keeps the stored path).
ALTER TABLE connections
    ADD COLUMN schedules           jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN greeting_media_name text  NOT NULL DEFAULT '';

-- The redirect queue and the import queue follow their queue: deleting it clears them.
UPDATE connections SET send_id_queue = NULL WHERE send_id_queue NOT IN (SELECT id FROM queues);
UPDATE connections SET queue_id_import_messages = NULL
    WHERE queue_id_import_messages NOT IN (SELECT id FROM queues);
ALTER TABLE connections
    ADD CONSTRAINT connections_send_queue_fk FOREIGN KEY (send_id_queue)
        REFERENCES queues(id) ON DELETE SET NULL,
    ADD CONSTRAINT connections_import_queue_fk FOREIGN KEY (queue_id_import_messages)
        REFERENCES queues(id) ON DELETE SET NULL;

-- POST /closedimported/{id} closes the imported tickets still waiting on a connection.
CREATE INDEX tickets_imported_pending_idx ON tickets (connection_id)
    WHERE imported AND status = 'pending';

-- External API idempotency: a request retried with the same Idempotency-Key on the same
-- connection answers what the first one answered and writes nothing new. Keys live 24 h.
CREATE TABLE api_requests (
    id              bigserial PRIMARY KEY,
    company_id      bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    connection_id   bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
    idempotency_key text   NOT NULL,
    fingerprint     text   NOT NULL,
    response        jsonb  NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (connection_id, idempotency_key)
);
CREATE INDEX api_requests_age_idx ON api_requests (connection_id, created_at);

-- +goose Down
DROP TABLE api_requests;
DROP INDEX tickets_imported_pending_idx;
ALTER TABLE connections DROP CONSTRAINT connections_import_queue_fk,
    DROP CONSTRAINT connections_send_queue_fk;
ALTER TABLE connections DROP COLUMN greeting_media_name, DROP COLUMN schedules;
