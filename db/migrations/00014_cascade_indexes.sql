-- +goose Up
-- Deleting a message checks the messages quoting it, and deleting a ticket its trackings;
-- without these indexes each deleted row read the whole table (deleting one ticket of a
-- 10-million-message table took seconds per message).
CREATE INDEX messages_quoted_idx ON messages (quoted_msg_id) WHERE quoted_msg_id IS NOT NULL;
CREATE INDEX ticket_trackings_ticket_idx ON ticket_trackings (ticket_id);

-- +goose Down
DROP INDEX messages_quoted_idx;
DROP INDEX ticket_trackings_ticket_idx;
