-- +goose NO TRANSACTION
-- +goose Up
-- The dashboard (issue 17) reads one company's rows of a date range from each source; each
-- index below is keyed (company_id, the range's timestamp) and carries the columns the figure
-- reads, so a month of a big company is an index-only range scan, however many tickets the
-- whole platform has. Built concurrently (messages is large); a failed build leaves an
-- invalid index that IF NOT EXISTS would skip, so those are dropped first.
-- The episode's rate, copied from its user_ratings row when the rating is stored
-- (ticket.RecordRating, the one writer of ratings), for the dashboard's NPS figures.
ALTER TABLE ticket_trackings ADD COLUMN IF NOT EXISTS rate smallint;
UPDATE ticket_trackings tt SET rate = r.rate FROM user_ratings r WHERE r.tracking_id = tt.id AND tt.rate IS NULL;
-- +goose StatementBegin
DO $$
DECLARE
    name text;
BEGIN
    FOR name IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE NOT i.indisvalid AND c.relname IN ('ticket_trackings_started_idx',
                    'ticket_trackings_closed_idx', 'tickets_created_idx', 'contacts_created_idx',
                    'messages_company_created_idx', 'ticket_logs_create_idx') LOOP
        EXECUTE format('DROP INDEX %I', name);
    END LOOP;
END $$;
-- +goose StatementEnd
-- Waiting time and tickets per attendant: episodes by start.
CREATE INDEX CONCURRENTLY IF NOT EXISTS ticket_trackings_started_idx ON ticket_trackings (company_id, started_at)
    INCLUDE (queued_at, user_id) WHERE started_at IS NOT NULL;
-- Service time, calls and the NPS figures: episodes by close, with their rate (below), so
-- the month's calls and ratings are one index-only range, not a join to user_ratings.
CREATE INDEX CONCURRENTLY IF NOT EXISTS ticket_trackings_closed_idx ON ticket_trackings (company_id, closed_at)
    INCLUDE (started_at, finished_at, rating_at, rated, user_id, rate) WHERE closed_at IS NOT NULL;
-- Tickets by status and tickets per day: tickets by creation.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_created_idx ON tickets (company_id, created_at) INCLUDE (status);
-- New contacts (a group is not a lead).
CREATE INDEX CONCURRENTLY IF NOT EXISTS contacts_created_idx ON contacts (company_id, created_at) WHERE NOT is_group;
-- Received and sent messages (private notes are not messages to or from the contact).
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_company_created_idx ON messages (company_id, created_at)
    INCLUDE (from_me) WHERE NOT is_private;
-- Active and passive tickets: who opened them (the "create" log entry).
CREATE INDEX CONCURRENTLY IF NOT EXISTS ticket_logs_create_idx ON ticket_logs (company_id, created_at)
    INCLUDE (user_id) WHERE type = 'create';

-- +goose Down
DROP INDEX IF EXISTS ticket_trackings_started_idx;
DROP INDEX IF EXISTS ticket_trackings_closed_idx;
DROP INDEX IF EXISTS tickets_created_idx;
DROP INDEX IF EXISTS contacts_created_idx;
DROP INDEX IF EXISTS messages_company_created_idx;
DROP INDEX IF EXISTS ticket_logs_create_idx;
ALTER TABLE ticket_trackings DROP COLUMN rate;
