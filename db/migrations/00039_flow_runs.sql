-- +goose Up
-- Flow runs (issue 14, BEHAVIOUR §9): a ticket's walk through a flow, advanced by flow:step
-- tasks. step counts the applied steps: a task carries the step it expects, so a duplicate
-- or late task finds another number and changes nothing.
CREATE TABLE flow_runs (
    id          bigserial PRIMARY KEY,
    company_id  bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    ticket_id   bigint  NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
    flow_id     bigint  NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
    node_id     text    NOT NULL DEFAULT '',
    variables   jsonb   NOT NULL DEFAULT '{}',
    step        integer NOT NULL DEFAULT 0,
    status      text    NOT NULL DEFAULT 'running' CHECK (status IN ('running','waiting','done','stopped')),
    -- waiting: what the run waits for (reply: menu/question; interval: an interval node;
    -- ai/typebot: every reply goes to the node's AI or Typebot).
    waiting     text    NOT NULL DEFAULT '' CHECK (waiting IN ('','reply','interval','ai','typebot')),
    wake_at     timestamptz, -- an interval's end: the reconciler re-enqueues a lost wake-up
    element     integer NOT NULL DEFAULT 0, -- a content node's card to go on from after its interval
    entry       text    NOT NULL DEFAULT '',
    -- the inbound message that started the run: a redelivered entry starts nothing
    entry_message_id bigint,
    started_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX flow_runs_active_idx ON flow_runs (ticket_id) WHERE status IN ('running','waiting');
CREATE UNIQUE INDEX flow_runs_entry_idx ON flow_runs (entry_message_id) WHERE entry_message_id IS NOT NULL;
CREATE INDEX flow_runs_flow_idx ON flow_runs (company_id, flow_id, id DESC);
CREATE INDEX flow_runs_wake_idx ON flow_runs (wake_at) WHERE status = 'waiting' AND waiting = 'interval';

-- Per-node analytics: a run entered a node, left it by a handle (to target, by edge), or
-- stopped there. The canvas sums them per flow over a date range.
CREATE TABLE flow_node_events (
    id         bigserial PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    flow_id    bigint NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
    run_id     bigint NOT NULL REFERENCES flow_runs(id) ON DELETE CASCADE,
    node_id    text   NOT NULL,
    kind       text   NOT NULL CHECK (kind IN ('enter','leave','stop')),
    handle     text   NOT NULL DEFAULT '',
    target     text   NOT NULL DEFAULT '',
    edge_id    text   NOT NULL DEFAULT '',
    at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flow_node_events_flow_idx ON flow_node_events (company_id, flow_id, at);
CREATE INDEX flow_node_events_run_idx ON flow_node_events (run_id);

-- +goose Down
DROP TABLE flow_node_events;
DROP TABLE flow_runs;
