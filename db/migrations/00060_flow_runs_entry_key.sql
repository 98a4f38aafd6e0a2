-- +goose Up
-- A start without a customer's message (a webhook's, the simulator's) carries its own key,
-- as a message's start has entry_message_id: a task delivered again (a worker killed after
-- the commit, a timeout) finds its run and starts nothing twice.
ALTER TABLE flow_runs ADD COLUMN entry_key text;
CREATE UNIQUE INDEX flow_runs_entry_key_idx ON flow_runs (entry_key) WHERE entry_key IS NOT NULL;

-- +goose Down
DROP INDEX flow_runs_entry_key_idx;
ALTER TABLE flow_runs DROP COLUMN entry_key;
