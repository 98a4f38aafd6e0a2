-- +goose Up
-- Campaigns (spec/3, BEHAVIOUR §7, decision 7): a campaign, its shippings (one per campaign
-- and number, ever: the idempotency key of every send), the company's campaign settings and
-- each connection's send budget (the ban-risk governor).
CREATE TABLE campaigns (
    id                     bigserial PRIMARY KEY,
    company_id             bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name                   text   NOT NULL,
    message1               text   NOT NULL DEFAULT '',
    message2               text   NOT NULL DEFAULT '',
    message3               text   NOT NULL DEFAULT '',
    message4               text   NOT NULL DEFAULT '',
    message5               text   NOT NULL DEFAULT '',
    confirmation_message1  text   NOT NULL DEFAULT '',
    confirmation_message2  text   NOT NULL DEFAULT '',
    confirmation_message3  text   NOT NULL DEFAULT '',
    confirmation_message4  text   NOT NULL DEFAULT '',
    confirmation_message5  text   NOT NULL DEFAULT '',
    status                 text   NOT NULL DEFAULT 'INATIVA'
        CHECK (status IN ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA')),
    confirmation           boolean NOT NULL DEFAULT false,
    scheduled_at           timestamptz,
    completed_at           timestamptz,
    contact_list_id        bigint REFERENCES contact_lists(id) ON DELETE SET NULL,
    tag_list_id            bigint REFERENCES tags(id) ON DELETE SET NULL,
    connection_id          bigint REFERENCES connections(id) ON DELETE SET NULL,
    user_id                bigint REFERENCES users(id) ON DELETE SET NULL,
    queue_id               bigint REFERENCES queues(id) ON DELETE SET NULL,
    status_ticket          text   NOT NULL DEFAULT 'closed',
    open_ticket            text   NOT NULL DEFAULT 'disabled',
    media_path             text   NOT NULL DEFAULT '',
    media_name             text   NOT NULL DEFAULT '',
    media_type             text   NOT NULL DEFAULT '',
    -- The pacer's cursor: when it may send next, sends since the last long pause, and why
    -- it waits (shown on the report). paused_reason: the governor stopped it (CANCELADA).
    next_send_at           timestamptz,
    run_sent               integer NOT NULL DEFAULT 0,
    wait_reason            text   NOT NULL DEFAULT '',
    wait_until             timestamptz,
    wait_detail            jsonb  NOT NULL DEFAULT '{}',
    paused_reason          text   NOT NULL DEFAULT '',
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_company_idx ON campaigns (company_id, id DESC);
-- The reconciler's look for stranded campaigns.
CREATE INDEX campaigns_active_idx ON campaigns (status, next_send_at) WHERE status IN ('PROGRAMADA', 'EM_ANDAMENTO');

CREATE TABLE campaign_shippings (
    id                        bigserial PRIMARY KEY,
    company_id                bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    campaign_id               bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    contact_list_item_id      bigint,
    contact_id                bigint,
    name                      text   NOT NULL DEFAULT '',
    number                    text   NOT NULL,
    email                     text   NOT NULL DEFAULT '',
    connection_id             bigint,
    message                   text   NOT NULL DEFAULT '',
    confirmation_message      text   NOT NULL DEFAULT '',
    confirmation_requested_at timestamptz,
    confirm_provider_id       text,
    confirmed_at              timestamptz,
    delivered_at              timestamptz, -- the message was handed to the channel (spec's name)
    provider_id               text,
    ack                       integer NOT NULL DEFAULT 0, -- 1 sent, 2 delivered, 3 read (receipts)
    failed_at                 timestamptz,
    error                     text   NOT NULL DEFAULT '',
    ticket_id                 bigint,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    UNIQUE (campaign_id, number)
);
-- What the pacer sends next: numbers not asked nor sent yet, and confirmed ones to send.
CREATE INDEX campaign_shippings_todo_idx ON campaign_shippings (campaign_id, id)
    WHERE confirmation_requested_at IS NULL AND delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX campaign_shippings_confirmed_idx ON campaign_shippings (campaign_id, id)
    WHERE confirmed_at IS NOT NULL AND delivered_at IS NULL AND failed_at IS NULL;
-- Receipts of campaign sends, found by their provider id.
CREATE INDEX campaign_shippings_provider_idx ON campaign_shippings (connection_id, provider_id)
    WHERE provider_id IS NOT NULL;
CREATE INDEX campaign_shippings_confirm_provider_idx ON campaign_shippings (connection_id, confirm_provider_id)
    WHERE confirm_provider_id IS NOT NULL;
-- A reply after the confirmation request (small: only the contacts still being asked).
CREATE INDEX campaign_shippings_asked_idx ON campaign_shippings (connection_id, number)
    WHERE confirmation_requested_at IS NOT NULL AND confirmed_at IS NULL;
-- The governor's health window per connection: its latest sends and failures.
CREATE INDEX campaign_shippings_sent_idx ON campaign_shippings (connection_id, (coalesce(delivered_at, failed_at)) DESC)
    WHERE delivered_at IS NOT NULL OR failed_at IS NOT NULL;

CREATE TABLE campaign_settings (
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    key        text   NOT NULL,
    value      text   NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, key)
);

-- The governor's budget of one connection, shared by every campaign sending through it.
CREATE TABLE campaign_budgets (
    connection_id bigint PRIMARY KEY REFERENCES connections(id) ON DELETE CASCADE,
    company_id    bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    warmup_start  date,          -- the day of the number's first campaign send
    day           date,          -- the day sent_day counts
    sent_day      integer NOT NULL DEFAULT 0,
    minute_at     timestamptz,   -- the minute sent_minute counts
    sent_minute   integer NOT NULL DEFAULT 0,
    health_since  timestamptz NOT NULL DEFAULT now() -- sends before a restart are forgiven
);

-- +goose Down
DROP TABLE campaign_budgets;
DROP TABLE campaign_settings;
DROP TABLE campaign_shippings;
DROP TABLE campaigns;
