-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE plans (
    id                bigserial PRIMARY KEY,
    name              text        NOT NULL UNIQUE,
    users             integer     NOT NULL DEFAULT 1,
    connections       integer     NOT NULL DEFAULT 1,
    queues            integer     NOT NULL DEFAULT 1,
    amount            numeric(12,2) NOT NULL DEFAULT 0,
    is_public         boolean     NOT NULL DEFAULT true,
    use_whatsapp      boolean     NOT NULL DEFAULT true,
    use_facebook      boolean     NOT NULL DEFAULT false,
    use_instagram     boolean     NOT NULL DEFAULT false,
    use_campaigns     boolean     NOT NULL DEFAULT false,
    use_schedules     boolean     NOT NULL DEFAULT false,
    use_internal_chat boolean     NOT NULL DEFAULT false,
    use_external_api  boolean     NOT NULL DEFAULT false,
    use_kanban        boolean     NOT NULL DEFAULT false,
    use_open_ai       boolean     NOT NULL DEFAULT false,
    use_integrations  boolean     NOT NULL DEFAULT false,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE companies (
    id             bigserial PRIMARY KEY,
    name           text        NOT NULL UNIQUE,
    email          text        NOT NULL DEFAULT '',
    phone          text        NOT NULL DEFAULT '',
    document       text        NOT NULL DEFAULT '',
    address_street text        NOT NULL DEFAULT '',
    address_state  text        NOT NULL DEFAULT '',
    address_city   text        NOT NULL DEFAULT '',
    plan_id        bigint      NOT NULL REFERENCES plans(id),
    status         boolean     NOT NULL DEFAULT true,
    due_date       date,
    recurrence     text        NOT NULL DEFAULT 'MENSAL'
                   CHECK (recurrence IN ('MENSAL','BIMESTRAL','TRIMESTRAL','SEMESTRAL','ANUAL')),
    payment_method text        NOT NULL DEFAULT '',
    timezone       text        NOT NULL DEFAULT 'America/Sao_Paulo',
    last_login     timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    id                            bigserial PRIMARY KEY,
    company_id                    bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name                          text    NOT NULL,
    email                         text    NOT NULL,
    password_hash                 text    NOT NULL,
    profile                       text    NOT NULL DEFAULT 'user' CHECK (profile IN ('admin','user')),
    super                         boolean NOT NULL DEFAULT false,
    whatsapp_id                   bigint,
    start_work                    text    NOT NULL DEFAULT '00:00',
    end_work                      text    NOT NULL DEFAULT '23:59',
    farewell_message              text    NOT NULL DEFAULT '',
    all_ticket                    text    NOT NULL DEFAULT 'disable' CHECK (all_ticket IN ('enable','disable')),
    allow_group                   boolean NOT NULL DEFAULT false,
    default_theme                 text    NOT NULL DEFAULT 'light' CHECK (default_theme IN ('light','dark')),
    default_menu                  text    NOT NULL DEFAULT 'closed' CHECK (default_menu IN ('open','closed')),
    all_historic                  text    NOT NULL DEFAULT 'disabled',
    all_user_chat                 text    NOT NULL DEFAULT 'disabled',
    user_close_pending_ticket     text    NOT NULL DEFAULT 'enabled',
    show_dashboard                text    NOT NULL DEFAULT 'disabled',
    allow_real_time               text    NOT NULL DEFAULT 'disabled',
    allow_connections             text    NOT NULL DEFAULT 'disabled',
    profile_image                 text    NOT NULL DEFAULT '',
    online                        boolean NOT NULL DEFAULT false,
    last_seen_at                  timestamptz,
    default_tickets_manager_width integer NOT NULL DEFAULT 550
                                  CHECK (default_tickets_manager_width BETWEEN 404 AND 700),
    token_version                 integer NOT NULL DEFAULT 0,
    created_at                    timestamptz NOT NULL DEFAULT now(),
    updated_at                    timestamptz NOT NULL DEFAULT now()
);
-- Sign-in is by e-mail alone, so an e-mail belongs to one user across all companies.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_company_name_idx ON users (company_id, name, id);
CREATE INDEX users_online_seen_idx ON users (last_seen_at) WHERE online;

CREATE TABLE queues (
    id               bigserial PRIMARY KEY,
    company_id       bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name             text    NOT NULL,
    color            text    NOT NULL,
    order_queue      integer NOT NULL DEFAULT 0,
    greeting_message text    NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, name),
    UNIQUE (company_id, color)
);

CREATE TABLE user_queues (
    user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    queue_id   bigint NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, queue_id)
);
CREATE INDEX user_queues_queue_idx ON user_queues (queue_id);

-- One key/value table serves both the spec's "settings" and "company settings" calls.
CREATE TABLE settings (
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    key        text   NOT NULL,
    value      text   NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, key)
);

CREATE TABLE password_resets (
    id         bigserial PRIMARY KEY,
    user_id    bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text        NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at DESC);

-- +goose Down
DROP TABLE password_resets;
DROP TABLE settings;
DROP TABLE user_queues;
DROP TABLE queues;
DROP TABLE users;
DROP TABLE companies;
DROP TABLE plans;
