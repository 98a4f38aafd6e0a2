-- +goose Up
-- Kept tasks may be scheduled (a kanban lane's timer fires minutes or days later): the
-- reconciler queues a row again only once its task was due and the grace passed, and
-- gives up on it a day after it was due (pkg/taskoutbox).
ALTER TABLE task_outbox ADD COLUMN due_at timestamptz;
UPDATE task_outbox SET due_at = created_at;
ALTER TABLE task_outbox ALTER COLUMN due_at SET NOT NULL, ALTER COLUMN due_at SET DEFAULT now();
DROP INDEX task_outbox_created_idx;
CREATE INDEX task_outbox_due_idx ON task_outbox (due_at);

-- +goose Down
DROP INDEX task_outbox_due_idx;
CREATE INDEX task_outbox_created_idx ON task_outbox (created_at);
ALTER TABLE task_outbox DROP COLUMN due_at;
