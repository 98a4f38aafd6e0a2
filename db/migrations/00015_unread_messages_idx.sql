-- +goose Up
-- Opening a ticket marks its inbound messages read. Without this index the update read
-- every message of the ticket to find the few unread ones, on every newest-page request;
-- with it, a ticket with nothing unread costs one probe of a small index.
CREATE INDEX messages_unread_idx ON messages (ticket_id) WHERE NOT read AND NOT from_me;

-- +goose Down
DROP INDEX messages_unread_idx;
