-- +goose Up
-- Connections keep the spec's name "whatsapp" in the API; the table says what they are.
CREATE TABLE connections (
    id                           bigserial PRIMARY KEY,
    company_id                   bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name                         text    NOT NULL,
    channel                      text    NOT NULL DEFAULT 'whatsapp'
                                 CHECK (channel IN ('whatsapp','whatsappapi','facebook','instagram','sandbox')),
    status                       text    NOT NULL DEFAULT 'DISCONNECTED',
    qrcode                       text    NOT NULL DEFAULT '',
    retries                      integer NOT NULL DEFAULT 0,
    number                       text    NOT NULL DEFAULT '',
    is_default                   boolean NOT NULL DEFAULT false,
    token                        text    NOT NULL UNIQUE,
    greeting_message             text    NOT NULL DEFAULT '',
    complation_message           text    NOT NULL DEFAULT '',
    out_of_hours_message         text    NOT NULL DEFAULT '',
    rating_message               text    NOT NULL DEFAULT '',
    allow_group                  boolean NOT NULL DEFAULT false,
    group_as_ticket              text    NOT NULL DEFAULT 'disabled' CHECK (group_as_ticket IN ('enabled','disabled')),
    max_use_bot_queues           integer NOT NULL DEFAULT 3,
    time_use_bot_queues          integer NOT NULL DEFAULT 0,
    time_send_queue              integer NOT NULL DEFAULT 0,
    send_id_queue                bigint,
    expires_ticket               integer NOT NULL DEFAULT 0,
    when_expires_ticket          text    NOT NULL DEFAULT '0',
    expires_ticket_nps           integer NOT NULL DEFAULT 0,
    max_use_bot_queues_nps       integer NOT NULL DEFAULT 3,
    expires_inactive_message     text    NOT NULL DEFAULT '',
    time_inactive_message        integer NOT NULL DEFAULT 0,
    inactive_message             text    NOT NULL DEFAULT '',
    time_create_new_ticket       integer NOT NULL DEFAULT 0,
    greeting_media_attachment    text    NOT NULL DEFAULT '',
    import_old_messages          timestamptz,
    import_recent_messages       timestamptz,
    import_old_messages_groups   boolean NOT NULL DEFAULT false,
    closed_tickets_post_imported boolean NOT NULL DEFAULT false,
    queue_id_import_messages     bigint,
    status_import_messages       text    NOT NULL DEFAULT '',
    integration_id               bigint,
    prompt_id                    bigint,
    flow_id_welcome              bigint,
    flow_id_not_phrase           bigint,
    provider                     text    NOT NULL DEFAULT 'beta',
    collective_vacation_start    date,
    collective_vacation_end      date,
    collective_vacation_message  text    NOT NULL DEFAULT '',
    -- channel credentials (Cloud API / Graph): access token, phone-number/page/account id
    access_token                 text    NOT NULL DEFAULT '',
    external_id                  text    NOT NULL DEFAULT '',
    created_at                   timestamptz NOT NULL DEFAULT now(),
    updated_at                   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connections_company_idx ON connections (company_id, name);
-- At most one default connection per company.
CREATE UNIQUE INDEX connections_one_default ON connections (company_id) WHERE is_default;

CREATE TABLE connection_queues (
    connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
    queue_id      bigint NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
    company_id    bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    PRIMARY KEY (connection_id, queue_id)
);

ALTER TABLE users ADD CONSTRAINT users_connection_fk
    FOREIGN KEY (whatsapp_id) REFERENCES connections(id) ON DELETE SET NULL;

ALTER TABLE queues
    ADD COLUMN out_of_hours_message text    NOT NULL DEFAULT '',
    ADD COLUMN close_ticket         boolean NOT NULL DEFAULT false,
    ADD COLUMN ativar_roteador      boolean NOT NULL DEFAULT false,
    ADD COLUMN tempo_roteador       integer NOT NULL DEFAULT 0;

CREATE TABLE contacts (
    id                   bigserial PRIMARY KEY,
    company_id           bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name                 text    NOT NULL,
    number               text    NOT NULL,
    email                text    NOT NULL DEFAULT '',
    channel              text    NOT NULL DEFAULT 'whatsapp',
    is_group             boolean NOT NULL DEFAULT false,
    active               boolean NOT NULL DEFAULT true,
    accept_audio_message boolean NOT NULL DEFAULT true,
    disable_bot          boolean NOT NULL DEFAULT false,
    lgpd_accepted_at     timestamptz,
    url_picture          text    NOT NULL DEFAULT '',
    connection_id        bigint  REFERENCES connections(id) ON DELETE SET NULL,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, channel, number)
);
CREATE INDEX contacts_company_name_idx ON contacts (company_id, lower(name), id);
CREATE INDEX contacts_name_trgm ON contacts USING gin (lower(name) gin_trgm_ops);
CREATE INDEX contacts_number_trgm ON contacts USING gin (number gin_trgm_ops);

CREATE TABLE contact_extra_info (
    id         bigserial PRIMARY KEY,
    contact_id bigint NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name       text   NOT NULL,
    value      text   NOT NULL DEFAULT ''
);
CREATE INDEX contact_extra_info_contact_idx ON contact_extra_info (contact_id);

CREATE TABLE tags (
    id         bigserial PRIMARY KEY,
    company_id bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name       text    NOT NULL,
    color      text    NOT NULL DEFAULT '#7C7C7C',
    kanban     integer NOT NULL DEFAULT 0 CHECK (kanban IN (0, 1)),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, name)
);

CREATE TABLE contact_tags (
    contact_id bigint NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
    tag_id     bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    PRIMARY KEY (contact_id, tag_id)
);
CREATE INDEX contact_tags_tag_idx ON contact_tags (tag_id);

CREATE TABLE tickets (
    id                        bigserial PRIMARY KEY,
    uuid                      uuid    NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    company_id                bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    contact_id                bigint  NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
    connection_id             bigint  REFERENCES connections(id) ON DELETE SET NULL,
    queue_id                  bigint  REFERENCES queues(id) ON DELETE SET NULL,
    user_id                   bigint  REFERENCES users(id) ON DELETE SET NULL,
    status                    text    NOT NULL DEFAULT 'pending'
                              CHECK (status IN ('pending','open','closed','group','lgpd','nps')),
    channel                   text    NOT NULL DEFAULT 'whatsapp',
    is_group                  boolean NOT NULL DEFAULT false,
    is_bot                    boolean NOT NULL DEFAULT false,
    unread_messages           integer NOT NULL DEFAULT 0,
    last_message              text    NOT NULL DEFAULT '',
    from_me                   boolean NOT NULL DEFAULT false,
    use_integration           boolean NOT NULL DEFAULT false,
    integration_id            bigint,
    amount_used_bot_queues    integer NOT NULL DEFAULT 0,
    amount_used_bot_queues_nps integer NOT NULL DEFAULT 0,
    is_out_of_hour            boolean NOT NULL DEFAULT false,
    send_inactive_message     boolean NOT NULL DEFAULT false,
    is_transfered             boolean NOT NULL DEFAULT false,
    imported                  boolean NOT NULL DEFAULT false,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now()
);
-- The list: per company and status (and queue), newest first, keyset by (updated_at, id).
CREATE INDEX tickets_list_idx ON tickets (company_id, status, queue_id, updated_at DESC, id DESC);
CREATE INDEX tickets_user_idx ON tickets (company_id, user_id, status, updated_at DESC, id DESC);
CREATE INDEX tickets_contact_idx ON tickets (contact_id, connection_id, updated_at DESC);
CREATE INDEX tickets_unread_idx ON tickets (company_id, status, updated_at DESC) WHERE unread_messages > 0;
-- One active ticket per contact and connection, so two inbound messages racing can't open two.
CREATE UNIQUE INDEX tickets_one_active ON tickets (contact_id, connection_id)
    WHERE status IN ('open','pending','group','nps','lgpd');

CREATE TABLE ticket_tags (
    ticket_id  bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    tag_id     bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    PRIMARY KEY (ticket_id, tag_id)
);
CREATE INDEX ticket_tags_tag_idx ON ticket_tags (tag_id);

CREATE TABLE messages (
    id            bigserial PRIMARY KEY,
    company_id    bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    ticket_id     bigint  NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    contact_id    bigint  REFERENCES contacts(id) ON DELETE SET NULL,
    connection_id bigint  REFERENCES connections(id) ON DELETE SET NULL,
    user_id       bigint  REFERENCES users(id) ON DELETE SET NULL,
    queue_id      bigint  REFERENCES queues(id) ON DELETE SET NULL,
    -- the channel's own id for the message ("wid"); unique per connection
    provider_id   text,
    body          text    NOT NULL DEFAULT '',
    from_me       boolean NOT NULL DEFAULT false,
    media_type    text    NOT NULL DEFAULT 'chat',
    media_path    text    NOT NULL DEFAULT '',
    media_name    text    NOT NULL DEFAULT '',
    quoted_msg_id bigint  REFERENCES messages(id) ON DELETE SET NULL,
    ack           integer NOT NULL DEFAULT 0 CHECK (ack BETWEEN -1 AND 5),
    is_deleted    boolean NOT NULL DEFAULT false,
    is_edited     boolean NOT NULL DEFAULT false,
    is_forwarded  boolean NOT NULL DEFAULT false,
    is_private    boolean NOT NULL DEFAULT false,
    read          boolean NOT NULL DEFAULT false,
    vcard         text    NOT NULL DEFAULT '',
    participant   text    NOT NULL DEFAULT '',
    reaction      text    NOT NULL DEFAULT '',
    send_error    text    NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_ticket_idx ON messages (ticket_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX messages_provider_key ON messages (connection_id, provider_id) WHERE provider_id IS NOT NULL;
CREATE INDEX messages_body_trgm ON messages USING gin (lower(body) gin_trgm_ops);
-- Outbound messages still waiting for the channel (the reconciler's scan).
CREATE INDEX messages_unsent_idx ON messages (created_at) WHERE from_me AND ack = 0 AND NOT is_private;

CREATE TABLE ticket_notes (
    id         bigserial PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    ticket_id  bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    contact_id bigint NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
    user_id    bigint REFERENCES users(id) ON DELETE SET NULL,
    note       text   NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_notes_ticket_idx ON ticket_notes (ticket_id, created_at DESC);
CREATE INDEX ticket_notes_contact_idx ON ticket_notes (contact_id, created_at DESC);

CREATE TABLE ticket_logs (
    id         bigserial PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    ticket_id  bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    user_id    bigint REFERENCES users(id) ON DELETE SET NULL,
    queue_id   bigint REFERENCES queues(id) ON DELETE SET NULL,
    type       text   NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_logs_ticket_idx ON ticket_logs (ticket_id, created_at);

-- One row per service episode of a ticket (the row with finished_at NULL is the current one).
CREATE TABLE ticket_trackings (
    id            bigserial PRIMARY KEY,
    company_id    bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    ticket_id     bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    connection_id bigint REFERENCES connections(id) ON DELETE SET NULL,
    user_id       bigint REFERENCES users(id) ON DELETE SET NULL,
    queue_id      bigint REFERENCES queues(id) ON DELETE SET NULL,
    queued_at     timestamptz,
    started_at    timestamptz,
    closed_at     timestamptz,
    finished_at   timestamptz,
    chatbot_at    timestamptz,
    rating_at     timestamptz,
    rated         boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ticket_trackings_current ON ticket_trackings (ticket_id) WHERE finished_at IS NULL;
CREATE INDEX ticket_trackings_company_idx ON ticket_trackings (company_id, created_at);

CREATE TABLE quick_messages (
    id         bigserial PRIMARY KEY,
    company_id bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id    bigint  REFERENCES users(id) ON DELETE SET NULL,
    shortcode  text    NOT NULL,
    message    text    NOT NULL DEFAULT '',
    geral      boolean NOT NULL DEFAULT false,
    visao      boolean NOT NULL DEFAULT true,
    status     boolean NOT NULL DEFAULT true,
    media_path text    NOT NULL DEFAULT '',
    media_name text    NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quick_messages_company_idx ON quick_messages (company_id, shortcode);

-- Inbound channel events, stored before they are processed so a lost queue loses nothing;
-- (connection, dedupe key) makes a redelivered event a no-op.
CREATE TABLE inbound_events (
    id            bigserial PRIMARY KEY,
    company_id    bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
    dedupe_key    text   NOT NULL,
    kind          text   NOT NULL,
    payload       jsonb  NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now(),
    processed_at  timestamptz,
    error         text   NOT NULL DEFAULT '',
    UNIQUE (connection_id, dedupe_key)
);
CREATE INDEX inbound_events_pending_idx ON inbound_events (received_at) WHERE processed_at IS NULL;

-- What the sandbox channel "delivered" to its pretend customer.
CREATE TABLE sandbox_outbox (
    id            bigserial PRIMARY KEY,
    company_id    bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
    provider_id   text   NOT NULL,
    message_id    bigint NOT NULL,
    number        text   NOT NULL,
    kind          text   NOT NULL,
    body          text   NOT NULL DEFAULT '',
    media_path    text   NOT NULL DEFAULT '',
    media_name    text   NOT NULL DEFAULT '',
    ack           integer NOT NULL DEFAULT 1,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (connection_id, message_id)
);
CREATE INDEX sandbox_outbox_connection_idx ON sandbox_outbox (connection_id, id);

-- +goose Down
DROP TABLE sandbox_outbox;
DROP TABLE inbound_events;
DROP TABLE quick_messages;
DROP TABLE ticket_trackings;
DROP TABLE ticket_logs;
DROP TABLE ticket_notes;
DROP TABLE messages;
DROP TABLE ticket_tags;
DROP TABLE tickets;
DROP TABLE contact_tags;
DROP TABLE tags;
DROP TABLE contact_extra_info;
DROP TABLE contacts;
ALTER TABLE queues DROP COLUMN out_of_hours_message, DROP COLUMN close_ticket,
    DROP COLUMN ativar_roteador, DROP COLUMN tempo_roteador;
ALTER TABLE users DROP CONSTRAINT users_connection_fk;
DROP TABLE connection_queues;
DROP TABLE connections;
