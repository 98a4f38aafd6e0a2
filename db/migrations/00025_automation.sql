-- +goose Up
-- Conversation automation (issue 13): queue hours and option trees, company hours, the
-- bot's per-ticket state, ratings, file lists the bot sends, the sandbox's clock.

-- File lists (spec/3 "File list"): the bot sends a queue's or an option's files; the /files
-- page that edits them comes with the integrations work.
CREATE TABLE files (
    id         bigserial PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name       text   NOT NULL,
    message    text   NOT NULL DEFAULT '',
    user_id    bigint REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_company_idx ON files (company_id, name, id);

CREATE TABLE file_options (
    id         bigserial PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    file_id    bigint NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    name       text   NOT NULL DEFAULT '',
    path       text   NOT NULL DEFAULT '',
    media_type text   NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_options_file_idx ON file_options (file_id, id);

ALTER TABLE queues
    ADD COLUMN schedules      jsonb  NOT NULL DEFAULT '[]',
    ADD COLUMN integration_id bigint,
    ADD COLUMN file_list_id   bigint REFERENCES files(id) ON DELETE SET NULL;

-- The company's business hours (Settings, Schedules tab; scheduleType "company").
ALTER TABLE companies ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]';

-- Queue options ("chatbot" tree, spec/2 "Chatbot option"): every option names its root
-- queue, so one query reads a queue's whole tree; parent_id is NULL at the first level.
CREATE TABLE chatbots (
    id                 bigserial PRIMARY KEY,
    company_id         bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    queue_id           bigint  NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
    parent_id          bigint  REFERENCES chatbots(id) ON DELETE CASCADE,
    name               text    NOT NULL,
    greeting_message   text    NOT NULL DEFAULT '',
    queue_type         text    NOT NULL DEFAULT 'text'
                       CHECK (queue_type IN ('text','attendent','queue','integration','file')),
    close_ticket       boolean NOT NULL DEFAULT false,
    opt_queue_id       bigint  REFERENCES queues(id) ON DELETE SET NULL,
    opt_user_id        bigint  REFERENCES users(id) ON DELETE SET NULL,
    opt_integration_id bigint,
    opt_file_id        bigint  REFERENCES files(id) ON DELETE SET NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chatbots_queue_idx ON chatbots (queue_id, parent_id, id);
CREATE INDEX chatbots_parent_idx ON chatbots (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX chatbots_opt_queue_idx ON chatbots (opt_queue_id) WHERE opt_queue_id IS NOT NULL;
CREATE INDEX chatbots_opt_user_idx ON chatbots (opt_user_id) WHERE opt_user_id IS NOT NULL;

-- The bot's state on a ticket: the option level it showed last (no FK: a deleted option
-- just means "no level"), and the LGPD conversation. Nullable columns without a default
-- are added without rewriting the table.
ALTER TABLE tickets
    ADD COLUMN chatbot_option_id    bigint,
    ADD COLUMN lgpd_send_message_at timestamptz,
    ADD COLUMN lgpd_accepted_at     timestamptz;

-- One rating per service episode (BEHAVIOUR §3, decision 3): 0–10.
CREATE TABLE user_ratings (
    id          bigserial PRIMARY KEY,
    company_id  bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    ticket_id   bigint  NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    tracking_id bigint  NOT NULL UNIQUE REFERENCES ticket_trackings(id) ON DELETE CASCADE,
    user_id     bigint  REFERENCES users(id) ON DELETE SET NULL,
    rate        integer NOT NULL CHECK (rate BETWEEN 0 AND 10),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_ratings_ticket_idx ON user_ratings (ticket_id, created_at DESC);
CREATE INDEX user_ratings_company_idx ON user_ratings (company_id, created_at);
CREATE INDEX user_ratings_user_idx ON user_ratings (user_id) WHERE user_id IS NOT NULL;

-- A sandbox connection may run its bot on a shifted clock, to try out-of-hours paths
-- before going live (seconds added to now; 0 everywhere else).
ALTER TABLE connections ADD COLUMN clock_offset integer NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE connections DROP COLUMN clock_offset;
DROP TABLE user_ratings;
ALTER TABLE tickets DROP COLUMN chatbot_option_id, DROP COLUMN lgpd_send_message_at, DROP COLUMN lgpd_accepted_at;
DROP TABLE chatbots;
ALTER TABLE companies DROP COLUMN schedules;
ALTER TABLE queues DROP COLUMN schedules, DROP COLUMN integration_id, DROP COLUMN file_list_id;
DROP TABLE file_options;
DROP TABLE files;
