-- +goose Up
-- AI prompts answer customers from the worker (prompt:message). A task delivered twice must
-- answer once: the answered inbound message is recorded in the same transaction as the
-- reply rows, and a second delivery finds it here and sends nothing.
CREATE TABLE prompt_replies (
    message_id bigint PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    ticket_id  bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    -- outcome: answered, transferred, failed (the customer got the short error text), skipped
    outcome    text   NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prompt_replies_ticket_idx ON prompt_replies (ticket_id, created_at DESC);

-- +goose Down
DROP TABLE prompt_replies;
