-- +goose Up
-- The whatsmeow device (JID) a WhatsApp connection is paired as; '' until paired. whatsmeow
-- keeps the device's keys in its own whatsmeow_* tables (created by its container).
ALTER TABLE connections ADD COLUMN wa_device_jid text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE connections DROP COLUMN wa_device_jid;
