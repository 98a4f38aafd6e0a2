-- +goose Up
-- Meta's 24-hour window asks, before every send on a Graph channel, when the contact last
-- wrote on the connection: the contact's inbound messages newest first answer it in one
-- index step, where the connection's index made it read every message of the number.
CREATE INDEX messages_contact_inbound_idx ON messages (contact_id, created_at DESC) WHERE NOT from_me;

-- +goose Down
DROP INDEX messages_contact_inbound_idx;
