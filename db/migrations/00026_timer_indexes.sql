-- +goose NO TRANSACTION
-- +goose Up
-- The cron jobs of pkg/timers (issue 13) each read only the tickets they may act on: one
-- partial index per job whose predicate is the job's own, keyed so that "due" is a range
-- (connection or queue, then updated_at, then id for the keyset walk). A job with nothing to
-- do reads an empty range, however many tickets there are. The predicates are written as
-- literals in the jobs' queries too: PostgreSQL proves a partial index applies only from
-- constants. A build that failed leaves an invalid index that IF NOT EXISTS would skip on
-- the next try: those are dropped first.
-- +goose StatementBegin
DO $$
DECLARE
    name text;
BEGIN
    FOR name IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE NOT i.indisvalid AND c.relname IN ('tickets_open_idle_idx', 'tickets_nps_idle_idx',
                    'tickets_no_queue_idle_idx', 'tickets_pending_unassigned_idx',
                    'tickets_pending_assigned_idle_idx', 'tickets_out_of_hour_idx') LOOP
        EXECUTE format('DROP INDEX %I', name);
    END LOOP;
END $$;
-- +goose StatementEnd
-- Inactivity warning and expiry: open, non-imported tickets of a connection, by idleness.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_open_idle_idx ON tickets (connection_id, updated_at, id)
    WHERE status = 'open' AND NOT imported;
-- NPS expiry: tickets awaiting a rating, by idleness.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_nps_idle_idx ON tickets (connection_id, updated_at, id)
    WHERE status = 'nps';
-- Redirect of queue-less tickets: pending without a queue, by idleness.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_no_queue_idle_idx ON tickets (connection_id, updated_at, id)
    WHERE status = 'pending' AND queue_id IS NULL;
-- Queue rotation: a queue's pending tickets without an attendant, and those with one by idleness.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_pending_unassigned_idx ON tickets (queue_id, updated_at, id)
    WHERE status = 'pending' AND user_id IS NULL;
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_pending_assigned_idle_idx ON tickets (queue_id, updated_at, id)
    WHERE status = 'pending' AND user_id IS NOT NULL;
-- isOutOfHour reset: the flagged tickets, by company and connection.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_out_of_hour_idx ON tickets (company_id, connection_id, queue_id, id)
    WHERE is_out_of_hour;

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS tickets_open_idle_idx;
DROP INDEX CONCURRENTLY IF EXISTS tickets_nps_idle_idx;
DROP INDEX CONCURRENTLY IF EXISTS tickets_no_queue_idle_idx;
DROP INDEX CONCURRENTLY IF EXISTS tickets_pending_unassigned_idx;
DROP INDEX CONCURRENTLY IF EXISTS tickets_pending_assigned_idle_idx;
DROP INDEX CONCURRENTLY IF EXISTS tickets_out_of_hour_idx;
