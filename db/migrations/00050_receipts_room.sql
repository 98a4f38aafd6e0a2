-- +goose Up
-- An outgoing message is written once and changed three times (sent, delivered, read), and
-- a sandbox delivery twice. A receipt stays HOT (no index touched, the trigram index least
-- of all) only while its page has room for the new row version: at fillfactor 90 about
-- half the receipts found none and rewrote every index of messages; at 70, nine in ten stay
-- on their page (docs/bench.md, "Sixth session"). New pages take the setting; old pages
-- keep their rows.
ALTER TABLE messages SET (fillfactor = 70);
ALTER TABLE sandbox_outbox SET (fillfactor = 70);

-- +goose Down
ALTER TABLE sandbox_outbox SET (fillfactor = 90);
ALTER TABLE messages SET (fillfactor = 90);
