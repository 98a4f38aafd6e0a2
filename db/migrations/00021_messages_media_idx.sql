-- +goose NO TRANSACTION
-- +goose Up
-- GET /media serves a message's file only while a message of its company that is not
-- deleted refers to it: one lookup by path per request. Partial (most messages have no
-- file) and built concurrently, like 00017; an invalid index left by a failed build is
-- dropped first.
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE c.relname = 'messages_media_path_idx' AND NOT i.indisvalid) THEN
        DROP INDEX messages_media_path_idx;
    END IF;
END $$;
-- +goose StatementEnd
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_media_path_idx ON messages (company_id, media_path) WHERE media_path <> '';

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS messages_media_path_idx;
