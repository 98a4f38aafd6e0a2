-- +goose NO TRANSACTION
-- +goose Up
-- A covering version of the report's ticket index (docs/bench.md, "Reports and kanban"):
-- the report's "only rated" total walked a company's tickets of the range and read each row
-- for its status (3,424 row reads for 1,001 rated tickets); with the status in the index the
-- walk is index-only and hands the ticket id straight to the rating probe. The same index
-- serves the dashboard's tickets-by-status and tickets-per-day figures (company, creation
-- range, status), so tickets_created_idx goes: one index fewer on tickets, whose every
-- update writes all of them.
-- Built concurrently; an invalid leftover of a failed build is dropped first.
-- +goose StatementBegin
DO $$
DECLARE
    name text;
BEGIN
    FOR name IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE NOT i.indisvalid AND c.relname = 'tickets_report_cover_idx' LOOP
        EXECUTE format('DROP INDEX %I', name);
    END LOOP;
END $$;
-- +goose StatementEnd
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_report_cover_idx ON tickets (company_id, created_at DESC, id DESC)
    INCLUDE (status);
DROP INDEX CONCURRENTLY IF EXISTS tickets_report_idx;
DROP INDEX CONCURRENTLY IF EXISTS tickets_created_idx;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_created_idx ON tickets (company_id, created_at) INCLUDE (status);
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_report_idx ON tickets (company_id, created_at DESC, id DESC);
DROP INDEX CONCURRENTLY IF EXISTS tickets_report_cover_idx;
