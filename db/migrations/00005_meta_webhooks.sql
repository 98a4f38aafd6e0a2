-- +goose Up
-- Webhook deliveries of the Graph API channels (WhatsApp Cloud API, Messenger, Instagram),
-- stored raw before anything else so the api answers Meta at once; the meta:webhook task
-- expands each into inbound events. A redelivered body (same hash) is stored once.
CREATE TABLE meta_webhooks (
    id           bigserial PRIMARY KEY,
    body_hash    text        NOT NULL UNIQUE,
    object       text        NOT NULL DEFAULT '',
    body         bytea       NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    processed_at timestamptz,
    error        text        NOT NULL DEFAULT ''
);
CREATE INDEX meta_webhooks_pending_idx ON meta_webhooks (received_at) WHERE processed_at IS NULL;

-- A phone-number / page / Instagram account id routes webhooks to one connection only.
CREATE UNIQUE INDEX connections_external_id_uniq ON connections (channel, external_id) WHERE external_id <> '';

-- +goose Down
DROP INDEX connections_external_id_uniq;
DROP TABLE meta_webhooks;
