-- +goose Up
-- An n8n/webhook delivery is recorded per message: a message whose POST failed and waits for
-- its retry is still delivered when a later message of the ticket went out first (the
-- session's high-water mark would have called it handled and lost it).
CREATE TABLE integration_deliveries (
    message_id   bigint PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
    company_id   bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    delivered_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE integration_deliveries;
