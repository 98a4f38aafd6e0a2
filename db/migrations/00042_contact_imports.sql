-- +goose Up
-- Contact imports (issue 16): a spreadsheet uploaded on /contacts/import (previewed, then
-- mapped and run by the worker) or the phone's contacts of a whatsmeow connection; its
-- progress and the refused rows with their reason, downloadable as a spreadsheet.
CREATE TABLE contact_imports (
    id            bigserial PRIMARY KEY,
    company_id    bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id       bigint  REFERENCES users(id) ON DELETE SET NULL,
    source        text    NOT NULL DEFAULT 'file', -- file | phone
    connection_id bigint  REFERENCES connections(id) ON DELETE SET NULL, -- phone
    file_path     text    NOT NULL DEFAULT '',
    file_name     text    NOT NULL DEFAULT '',
    file_type     text    NOT NULL DEFAULT '', -- xlsx | csv
    -- uploaded (previewed, waiting for its mapping) → pending → reading → done; or failed.
    status        text    NOT NULL DEFAULT 'uploaded',
    error         text    NOT NULL DEFAULT '',
    header        jsonb   NOT NULL DEFAULT '[]', -- the file's first row
    mapping       jsonb   NOT NULL DEFAULT '{}', -- field → column index
    selection     jsonb   NOT NULL DEFAULT '{}', -- {allRows, rows, exceptRows}
    total_rows    integer NOT NULL DEFAULT 0,
    percent       integer NOT NULL DEFAULT 0,
    rows_read     integer NOT NULL DEFAULT 0,
    created       integer NOT NULL DEFAULT 0, -- new contacts
    updated       integer NOT NULL DEFAULT 0, -- rows merged into a contact that existed
    refused       integer NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz
);
CREATE INDEX contact_imports_company_idx ON contact_imports (company_id, id DESC);

CREATE TABLE contact_import_refusals (
    import_id  bigint  NOT NULL REFERENCES contact_imports(id) ON DELETE CASCADE,
    row_number integer NOT NULL, -- the spreadsheet's row (the header is row 1)
    name       text    NOT NULL DEFAULT '',
    number     text    NOT NULL DEFAULT '',
    email      text    NOT NULL DEFAULT '',
    reason     text    NOT NULL,
    PRIMARY KEY (import_id, row_number)
);

-- +goose Down
DROP TABLE contact_import_refusals;
DROP TABLE contact_imports;
