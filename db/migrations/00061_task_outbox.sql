-- +goose Up
-- Hand-offs of a customer's message to a bot (an integration, a prompt, a flow step) kept
-- with the transaction that decided them, until their task finishes (pkg/taskoutbox): the
-- reconciler queues again one whose enqueue was lost (a killed process, a Redis that lost
-- its data). Rows live seconds; the index serves the reconciler's "older than the grace".
CREATE TABLE task_outbox (
    task_id    text PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    task_type  text NOT NULL,
    payload    bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_outbox_created_idx ON task_outbox (created_at);

-- +goose Down
DROP TABLE task_outbox;
