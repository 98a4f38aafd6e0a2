-- +goose Up
-- Contact lists (spec/3): the audiences of campaigns. Items are per list, numbers normalised
-- to digits with the country code, one item per number and list.
CREATE TABLE contact_lists (
    id         bigserial PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name       text   NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_lists_company_idx ON contact_lists (company_id, lower(name), id);

CREATE TABLE contact_list_items (
    id                bigserial PRIMARY KEY,
    company_id        bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    contact_list_id   bigint  NOT NULL REFERENCES contact_lists(id) ON DELETE CASCADE,
    name              text    NOT NULL,
    number            text    NOT NULL,
    email             text    NOT NULL DEFAULT '',
    -- NULL: not checked yet; the import checks what the connection can check.
    is_whatsapp_valid boolean,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (contact_list_id, number)
);
CREATE INDEX contact_list_items_list_name_idx ON contact_list_items (contact_list_id, lower(name), id);
CREATE INDEX contact_list_items_name_trgm ON contact_list_items USING gin (lower(name) gin_trgm_ops);
CREATE INDEX contact_list_items_number_trgm ON contact_list_items USING gin (number gin_trgm_ops);

-- +goose Down
DROP TABLE contact_list_items;
DROP TABLE contact_lists;
