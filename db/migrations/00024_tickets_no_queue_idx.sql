-- +goose NO TRANSACTION
-- +goose Up
-- The pending tab tells a viewer without allTicket how many tickets without a queue it hides
-- (ticket.Service.hiddenNoQueue). Those are few (a ticket gets a queue when accepted), so a
-- partial index of them makes the count read only them, not the company's whole pending tab,
-- and costs nothing on the writes of queued tickets. A build that failed leaves an invalid
-- index that IF NOT EXISTS would skip on the next try: it is dropped first.
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE c.relname = 'tickets_no_queue_idx' AND NOT i.indisvalid) THEN
        DROP INDEX tickets_no_queue_idx;
    END IF;
END $$;
-- +goose StatementEnd
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_no_queue_idx ON tickets (company_id, status)
    INCLUDE (user_id, is_group) WHERE queue_id IS NULL;

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS tickets_no_queue_idx;
