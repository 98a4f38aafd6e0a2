-- +goose Up
-- A bot turn no longer holds the session row locked while the outside bot answers: a short
-- transaction claims it (turn + 1, a lease until lease_until for the task lease_owner,
-- covering the customer's messages up to claimed_through), the HTTP call runs outside any
-- transaction, and a second short one writes the answer only while turn is still the
-- claim's, so a duplicated task or a lease taken over after expiry sends nothing twice.
ALTER TABLE integration_sessions
    ADD COLUMN turn            bigint      NOT NULL DEFAULT 0,
    ADD COLUMN lease_until     timestamptz,
    ADD COLUMN lease_owner     text        NOT NULL DEFAULT '',
    ADD COLUMN claimed_through bigint      NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE integration_sessions
    DROP COLUMN claimed_through,
    DROP COLUMN lease_owner,
    DROP COLUMN lease_until,
    DROP COLUMN turn;
