-- +goose Up
-- A list's numbers checked again on WhatsApp ("re-check numbers") is a job of its own kind in
-- contact_list_imports, with its progress (to_check, checked). It keeps the connection it
-- checks through and its cursor (the last item checked), so a check stranded by a lost
-- queue resumes where it stopped, through the same connection.
ALTER TABLE contact_list_imports
    ADD COLUMN kind          text   NOT NULL DEFAULT 'import', -- import | check
    ADD COLUMN connection_id bigint REFERENCES connections(id) ON DELETE SET NULL,
    ADD COLUMN check_after   bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE contact_list_imports DROP COLUMN check_after, DROP COLUMN connection_id, DROP COLUMN kind;
