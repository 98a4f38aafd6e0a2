-- +goose NO TRANSACTION
-- +goose Up
-- One recency index instead of two. tickets_company_recent_idx (a company's tickets by last
-- update) served the lists without a status; tickets_kanban_idx repeated its open and
-- pending part for the kanban board. A ticket update is never HOT (updated_at is in the
-- list indexes), so every update of an active ticket, one per customer message, wrote an
-- entry in both. tickets_recent_idx carries what the two queries filter on (status, queue,
-- attendant, group, unread) so both walk it index-only: the board's page of ids in about
-- 1 ms at a million tickets (0.24 ms on its partial index), an attendant's list without a
-- status in 0.7 ms instead of 6.7 ms (which had to sort the company's whole status index;
-- docs/bench.md, "Seventh session"). Built before the two go, so the queries always have
-- one; an invalid leftover of a failed build is dropped first.
-- +goose StatementBegin
DO $$
DECLARE name text;
BEGIN
    FOR name IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE NOT i.indisvalid AND c.relname = 'tickets_recent_idx' LOOP
        EXECUTE format('DROP INDEX %I', name);
    END LOOP;
END $$;
-- +goose StatementEnd
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_recent_idx ON tickets (company_id, updated_at DESC, id DESC)
    INCLUDE (status, queue_id, user_id, is_group, unread_messages);
DROP INDEX CONCURRENTLY IF EXISTS tickets_kanban_idx;
DROP INDEX CONCURRENTLY IF EXISTS tickets_company_recent_idx;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_company_recent_idx ON tickets (company_id, updated_at DESC, id DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_kanban_idx ON tickets (company_id, updated_at DESC, id DESC)
    WHERE status IN ('open', 'pending');
DROP INDEX CONCURRENTLY IF EXISTS tickets_recent_idx;
