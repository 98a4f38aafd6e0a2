-- +goose Up
-- inbound_events is a queue: every event is inserted, then updated once when processed, so
-- dead rows pile up at the head of the pending index that each claim walks. Vacuum it after
-- a few thousand changes instead of after a fifth of the table.
ALTER TABLE inbound_events SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
    autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 20000,
    autovacuum_vacuum_cost_delay = 0);

-- +goose Down
ALTER TABLE inbound_events RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
    autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold, autovacuum_vacuum_cost_delay);
