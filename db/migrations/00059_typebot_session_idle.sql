-- +goose Up
-- A Typebot session expires after typebotExpires minutes of silence, not of age (BEHAVIOUR
-- §10, the family's ticket.updatedAt check): the column holds its last turn, renamed to say so.
ALTER TABLE integration_sessions RENAME COLUMN started_at TO active_at;

-- +goose Down
ALTER TABLE integration_sessions RENAME COLUMN active_at TO started_at;
