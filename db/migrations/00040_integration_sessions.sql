-- +goose Up
-- A ticket's conversation with an outside bot (BEHAVIOUR §10): one row per ticket. The
-- worker locks it while it hands a message over, and records the message it handled in
-- the same transaction as the replies, so a redelivered task sends nothing twice.
-- typebot_session_id/started_at are Typebot's session and when it began (typebotExpires).
CREATE TABLE integration_sessions (
    ticket_id          bigint PRIMARY KEY REFERENCES tickets(id) ON DELETE CASCADE,
    company_id         bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    integration_id     bigint REFERENCES queue_integrations(id) ON DELETE SET NULL,
    typebot_session_id text   NOT NULL DEFAULT '',
    started_at         timestamptz,
    last_message_id    bigint NOT NULL DEFAULT 0,
    updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integration_sessions_company_idx ON integration_sessions (company_id);

-- The key n8n and webhook receivers check our signature with (X-Atende-Signature:
-- sha256=HMAC-SHA256(secret, body)); shown to the company's admins only.
ALTER TABLE queue_integrations
    ADD COLUMN webhook_secret text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');

-- +goose Down
ALTER TABLE queue_integrations DROP COLUMN webhook_secret;
DROP TABLE integration_sessions;
