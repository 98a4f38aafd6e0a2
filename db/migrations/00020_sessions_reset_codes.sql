-- +goose Up
-- The refresh chain of each user's one live session is kept here rather than in Redis, so a
-- Redis that loses its data signs nobody out. jti is the refresh token that may rotate next;
-- prev_jti, the one it replaced, still answers until prev_until (two tabs refreshing at once).
-- Revocation is the user's token version; a sign-in replaces the row.
CREATE TABLE user_sessions (
    user_id    bigint      PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    jti        text        NOT NULL,
    prev_jti   text,
    prev_until timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- One live reset code per user (a new request replaces it), and the wrong guesses that kill it.
UPDATE password_resets p SET used_at = now() WHERE used_at IS NULL AND EXISTS (
    SELECT 1 FROM password_resets n WHERE n.user_id = p.user_id AND n.used_at IS NULL AND n.id > p.id);
ALTER TABLE password_resets ADD COLUMN attempts int NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX password_resets_live_idx ON password_resets (user_id) WHERE used_at IS NULL;

-- +goose Down
DROP INDEX password_resets_live_idx;
ALTER TABLE password_resets DROP COLUMN attempts;
DROP TABLE user_sessions;
