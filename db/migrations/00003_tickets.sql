-- +goose Up
-- The ticket list walks one company's tickets of a status (or all of them, in the search view)
-- newest first and stops after a page, checking the queue and owner on the way; the count
-- stops at 1000. Ascending sort walks the same indexes backwards.
CREATE INDEX tickets_status_recent_idx ON tickets (company_id, status, updated_at DESC, id DESC);
CREATE INDEX tickets_company_recent_idx ON tickets (company_id, updated_at DESC, id DESC);
-- A queue belongs to one company: without this the planner multiplies the selectivities of
-- company_id and queue_id and prefers sorting every ticket of the queues to walking an index.
CREATE STATISTICS tickets_company_status_queue (dependencies, ndistinct) ON company_id, status, queue_id FROM tickets;

-- +goose Down
DROP STATISTICS tickets_company_status_queue;
DROP INDEX tickets_company_recent_idx;
DROP INDEX tickets_status_recent_idx;
