-- +goose Up
-- Contact list imports (issue 15): one row per uploaded spreadsheet, its progress (what the
-- worker read, imported, merged and refused) and the refused rows with their reason, which
-- the admin downloads as a spreadsheet.
CREATE TABLE contact_list_imports (
    id              bigserial PRIMARY KEY,
    company_id      bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    contact_list_id bigint  NOT NULL REFERENCES contact_lists(id) ON DELETE CASCADE,
    user_id         bigint  REFERENCES users(id) ON DELETE SET NULL,
    file_path       text    NOT NULL,
    file_name       text    NOT NULL,
    file_type       text    NOT NULL, -- xlsx | csv
    -- pending → reading → checking (WhatsApp numbers) → done; or failed (error says why).
    status          text    NOT NULL DEFAULT 'pending',
    error           text    NOT NULL DEFAULT '',
    warning         text    NOT NULL DEFAULT '',
    total_rows      integer NOT NULL DEFAULT 0, -- as the file announces it (0: unknown)
    percent         integer NOT NULL DEFAULT 0,
    rows_read       integer NOT NULL DEFAULT 0,
    imported        integer NOT NULL DEFAULT 0, -- new items
    merged          integer NOT NULL DEFAULT 0, -- rows whose number the list already had
    refused         integer NOT NULL DEFAULT 0,
    to_check        integer NOT NULL DEFAULT 0,
    checked         integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE INDEX contact_list_imports_list_idx ON contact_list_imports (contact_list_id, id DESC);

CREATE TABLE contact_list_import_refusals (
    import_id  bigint  NOT NULL REFERENCES contact_list_imports(id) ON DELETE CASCADE,
    row_number integer NOT NULL, -- the spreadsheet's row (the header is row 1)
    name       text    NOT NULL DEFAULT '',
    number     text    NOT NULL DEFAULT '',
    email      text    NOT NULL DEFAULT '',
    reason     text    NOT NULL,
    PRIMARY KEY (import_id, row_number)
);

-- contactsCount without a COUNT per listed row: a counter kept by statement triggers, so an
-- import of 100,000 rows updates it once per batch and any writer (a campaign's tag
-- snapshot too) keeps it right. Items never move between lists.
ALTER TABLE contact_lists ADD COLUMN contacts_count integer NOT NULL DEFAULT 0;
UPDATE contact_lists l SET contacts_count = (SELECT count(*) FROM contact_list_items i WHERE i.contact_list_id = l.id);

-- +goose StatementBegin
CREATE FUNCTION contact_list_items_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE contact_lists l SET contacts_count = l.contacts_count + n.c
    FROM (SELECT contact_list_id, count(*) AS c FROM added GROUP BY contact_list_id) n
    WHERE l.id = n.contact_list_id;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION contact_list_items_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE contact_lists l SET contacts_count = greatest(l.contacts_count - n.c, 0)
    FROM (SELECT contact_list_id, count(*) AS c FROM removed GROUP BY contact_list_id) n
    WHERE l.id = n.contact_list_id;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER contact_list_items_count_add AFTER INSERT ON contact_list_items
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION contact_list_items_added();
CREATE TRIGGER contact_list_items_count_remove AFTER DELETE ON contact_list_items
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION contact_list_items_removed();

-- +goose Down
DROP TRIGGER contact_list_items_count_remove ON contact_list_items;
DROP TRIGGER contact_list_items_count_add ON contact_list_items;
DROP FUNCTION contact_list_items_removed();
DROP FUNCTION contact_list_items_added();
ALTER TABLE contact_lists DROP COLUMN contacts_count;
DROP TABLE contact_list_import_refusals;
DROP TABLE contact_list_imports;
