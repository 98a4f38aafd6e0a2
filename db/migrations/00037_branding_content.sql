-- +goose Up
-- Branding and content (issue 16): the platform's help videos and announcements, written by
-- super users and read by every company (no company_id: they belong to the platform).
CREATE TABLE helps (
    id          bigserial PRIMARY KEY,
    title       text NOT NULL,
    video       text NOT NULL DEFAULT '', -- a YouTube video code
    description text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
-- "check for a same-named help" (spec/2 §8): titles are unique, whatever their case.
CREATE UNIQUE INDEX helps_title_idx ON helps (lower(title));

CREATE TABLE announcements (
    id         bigserial PRIMARY KEY,
    title      text     NOT NULL,
    text       text     NOT NULL,
    priority   smallint NOT NULL DEFAULT 3 CHECK (priority BETWEEN 1 AND 3), -- 1 high, 2 medium, 3 low
    status     boolean  NOT NULL DEFAULT true,
    media_path text     NOT NULL DEFAULT '',
    media_name text     NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
-- The top bar popover: active ones, most urgent then newest.
CREATE INDEX announcements_active_idx ON announcements (priority, id DESC) WHERE status;

-- +goose Down
DROP TABLE announcements;
DROP TABLE helps;
