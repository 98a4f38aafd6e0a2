-- +goose Up
-- The operator's side of companies (issue 16): a company being deleted in the background
-- (refused like a blocked one meanwhile, with its progress in percent), and the last
-- measure of its media folder (measured on demand: walking a folder is not a list query).
ALTER TABLE companies
    ADD COLUMN deleting_at       timestamptz,
    ADD COLUMN delete_progress   smallint NOT NULL DEFAULT 0,
    ADD COLUMN folder_size       bigint   NOT NULL DEFAULT 0,
    ADD COLUMN file_count        integer  NOT NULL DEFAULT 0,
    ADD COLUMN folder_updated_at timestamptz;

-- +goose Down
ALTER TABLE companies
    DROP COLUMN folder_updated_at,
    DROP COLUMN file_count,
    DROP COLUMN folder_size,
    DROP COLUMN delete_progress,
    DROP COLUMN deleting_at;
