-- +goose Up
-- A reaction the sandbox delivers names the message it reacts to (its provider id); ''
-- for every other kind.
ALTER TABLE sandbox_outbox ADD COLUMN target_id text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE sandbox_outbox DROP COLUMN target_id;
