-- +goose Up
-- Scheduled messages (spec/3 schedules, BEHAVIOUR §8, decision 8). A schedule fires at
-- send_at through an asynq task (ProcessAt), sends, then either re-plans itself (recurrence)
-- or ends. base_at + step are the nominal dates of the repetitions (calendar months kept
-- from the first date, so Jan 31 → Feb 28/29 → Mar 31); sends_done counts real sends
-- (enviarQuantasVezes is their total).
CREATE TABLE schedules (
    id                   bigserial PRIMARY KEY,
    company_id           bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    contact_id           bigint  NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
    user_id              bigint  REFERENCES users(id) ON DELETE SET NULL,
    connection_id        bigint  REFERENCES connections(id) ON DELETE SET NULL,
    ticket_user_id       bigint  REFERENCES users(id) ON DELETE SET NULL,
    queue_id             bigint  REFERENCES queues(id) ON DELETE SET NULL,
    ticket_id            bigint  REFERENCES tickets(id) ON DELETE SET NULL,
    body                 text    NOT NULL,
    send_at              timestamptz NOT NULL,
    sent_at              timestamptz,
    status               text    NOT NULL DEFAULT 'PENDENTE',
    error                text    NOT NULL DEFAULT '',
    open_ticket          boolean NOT NULL DEFAULT true,
    status_ticket        text    NOT NULL DEFAULT 'closed',
    intervalo            smallint NOT NULL DEFAULT 1,
    valor_intervalo      integer NOT NULL DEFAULT 0,
    enviar_quantas_vezes integer NOT NULL DEFAULT 1,
    tipo_dias            smallint NOT NULL DEFAULT 4,
    assinar              boolean NOT NULL DEFAULT false,
    base_at              timestamptz NOT NULL,
    step                 integer NOT NULL DEFAULT 0,
    sends_done           integer NOT NULL DEFAULT 0,
    media_path           text    NOT NULL DEFAULT '',
    media_name           text    NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX schedules_company_send_idx ON schedules (company_id, send_at, id);
CREATE INDEX schedules_contact_idx ON schedules (contact_id);
-- The reconciler's question: which waiting schedules are due.
CREATE INDEX schedules_due_idx ON schedules (send_at) WHERE status IN ('PENDENTE', 'AGENDADA');

-- One row per (schedule, send number): the idempotency key of a send. A duplicate task or
-- a second scheduler finds the row and sends nothing twice; lease_until keeps one sender
-- at a time; channel_id is the channel's idempotency key of a send not stored in a ticket.
CREATE TABLE schedule_sends (
    id           bigserial PRIMARY KEY,
    company_id   bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    schedule_id  bigint  NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    occurrence   integer NOT NULL,
    send_at      timestamptz NOT NULL,
    ticket_id    bigint,
    message_id   bigint,
    provider_id  text    NOT NULL DEFAULT '',
    lease_until  timestamptz,
    sent_at      timestamptz,
    error        text    NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (schedule_id, occurrence)
);
-- Receipts of a message sent without a ticket name it by provider id: nothing to update.
CREATE INDEX schedule_sends_provider_idx ON schedule_sends (company_id, provider_id) WHERE provider_id <> '';

-- +goose Down
DROP TABLE schedule_sends;
DROP TABLE schedules;
