-- +goose Up
-- The tab badge counts up to 1,000 tickets of a status, filtered by the viewer's queues,
-- groups and attendant: with those columns in the recency index the count is an index-only
-- scan instead of a heap visit per ticket.
DROP INDEX tickets_status_recent_idx;
CREATE INDEX tickets_status_recent_idx ON tickets (company_id, status, updated_at DESC, id DESC)
    INCLUDE (queue_id, user_id, is_group, unread_messages);

-- +goose Down
DROP INDEX tickets_status_recent_idx;
CREATE INDEX tickets_status_recent_idx ON tickets (company_id, status, updated_at DESC, id DESC);
