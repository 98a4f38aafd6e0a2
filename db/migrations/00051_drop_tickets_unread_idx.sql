-- +goose NO TRANSACTION
-- +goose Up
-- tickets_unread_idx (a company's tickets with unread messages, by status and recency) is
-- never chosen: the only query that filters on unread messages (the lists'
-- withUnreadMessages, the notifications popover) walks tickets_status_recent_idx, which
-- includes the unread count, index-only (0.25–0.6 ms for a page at a million tickets,
-- with or without this index; docs/bench.md, "Seventh session"). A ticket update is never
-- HOT (updated_at is in the list indexes), so every one wrote an entry here for nothing
-- whenever the ticket had unread messages: every customer message's ticket.
DROP INDEX CONCURRENTLY IF EXISTS tickets_unread_idx;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_unread_idx ON tickets (company_id, status, updated_at DESC)
    WHERE unread_messages > 0;
