-- +goose Up
-- Flows and integrations (issue 14): the shared tables every part of the issue reads. The
-- flow engine's runs and analytics, and each integration's own session rows, come in their
-- own migrations.

-- A flow (spec/3 "Flow"): its graph as the editor saves it. nodes and connections are the
-- editor's JSON ({id, position, type, data} and {id, source, sourceHandle, target,
-- targetHandle}); the save validates them (pkg/flow) so the engine can trust them.
CREATE TABLE flows (
    id           bigserial PRIMARY KEY,
    company_id   bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name         text    NOT NULL,
    active       boolean NOT NULL DEFAULT true,
    nodes        jsonb   NOT NULL DEFAULT '[]',
    connections  jsonb   NOT NULL DEFAULT '[]',
    -- webhook_hash: an external POST to /flowbuilder/webhook/{hash} starts the flow.
    webhook_hash text    NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '') UNIQUE,
    -- webhook_fields maps payload fields to the contact: {"name": "...", "number": "...", "email": "..."}
    webhook_fields jsonb NOT NULL DEFAULT '{}',
    user_id      bigint  REFERENCES users(id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flows_company_idx ON flows (company_id, id DESC);

-- Phrase campaigns (spec/3 "Flow campaign"): an inbound text on the connection that matches
-- the phrase starts the flow (decision 9: active only, trimmed, case-insensitive).
CREATE TABLE flow_campaigns (
    id            bigserial PRIMARY KEY,
    company_id    bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name          text    NOT NULL,
    flow_id       bigint  NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
    connection_id bigint  REFERENCES connections(id) ON DELETE SET NULL,
    phrase        text    NOT NULL,
    match_type    text    NOT NULL DEFAULT 'exact' CHECK (match_type IN ('exact','contains')),
    status        boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flow_campaigns_company_idx ON flow_campaigns (company_id, id DESC);
CREATE INDEX flow_campaigns_connection_idx ON flow_campaigns (connection_id) WHERE status;
CREATE INDEX flow_campaigns_flow_idx ON flow_campaigns (flow_id);

-- Queue integrations (spec/3 "Queue integration"): attached to connections, queues and
-- options. Secrets (jsonContent) never leave the API except to their owner's admins.
CREATE TABLE queue_integrations (
    id                        bigserial PRIMARY KEY,
    company_id                bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name                      text    NOT NULL,
    type                      text    NOT NULL CHECK (type IN ('dialogflow','n8n','webhook','typebot','flowbuilder')),
    project_name              text    NOT NULL DEFAULT '',
    json_content              text    NOT NULL DEFAULT '',
    language                  text    NOT NULL DEFAULT '',
    url_n8n                   text    NOT NULL DEFAULT '',
    typebot_slug              text    NOT NULL DEFAULT '',
    typebot_expires           integer NOT NULL DEFAULT 1,
    typebot_keyword_finish    text    NOT NULL DEFAULT '',
    typebot_keyword_restart   text    NOT NULL DEFAULT '',
    typebot_unknown_message   text    NOT NULL DEFAULT '',
    typebot_delay_message     integer NOT NULL DEFAULT 1000,
    typebot_restart_message   text    NOT NULL DEFAULT '',
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX queue_integrations_company_idx ON queue_integrations (company_id, name, id);

-- AI prompts (spec/3 "Prompt").
CREATE TABLE prompts (
    id           bigserial PRIMARY KEY,
    company_id   bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name         text    NOT NULL,
    prompt       text    NOT NULL,
    model        text    NOT NULL DEFAULT 'gpt-4o-mini',
    voice        text    NOT NULL DEFAULT 'texto',
    voice_key    text    NOT NULL DEFAULT '',
    voice_region text    NOT NULL DEFAULT '',
    max_tokens   integer NOT NULL DEFAULT 100,
    temperature  real    NOT NULL DEFAULT 1,
    api_key      text    NOT NULL DEFAULT '',
    queue_id     bigint  REFERENCES queues(id) ON DELETE SET NULL,
    max_messages integer NOT NULL DEFAULT 10,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prompts_company_idx ON prompts (company_id, name, id);

-- +goose Down
DROP TABLE prompts;
DROP TABLE queue_integrations;
DROP TABLE flow_campaigns;
DROP TABLE flows;
