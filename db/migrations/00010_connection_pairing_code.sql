-- +goose Up
-- The 8-character code a WhatsApp session shows while it pairs by phone number (WhatsApp >
-- Linked devices > Link with phone number); '' otherwise. It travels with the rest of the
-- session on the whatsappSession event, like the QR code.
ALTER TABLE connections ADD COLUMN pairing_code text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE connections DROP COLUMN pairing_code;
