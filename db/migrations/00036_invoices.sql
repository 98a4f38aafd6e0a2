-- +goose Up
-- Invoices (issue 16, BEHAVIOUR §12, decision 11): one per company and due date, created 20
-- days ahead by the invoice job; the UNIQUE key is what makes two schedulers (or a retried
-- run) create it once. value is in BRL with 2 decimals. A payment (provider webhook or the
-- operator by hand) is recorded once: payment_id is unique per provider, so a replayed
-- webhook finds its payment already applied.
CREATE TABLE invoices (
    id          bigserial PRIMARY KEY,
    company_id  bigint        NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    detail      text          NOT NULL DEFAULT '',
    users       integer       NOT NULL DEFAULT 0,
    connections integer       NOT NULL DEFAULT 0,
    value       numeric(12,2) NOT NULL CHECK (value >= 0),
    due_date    date          NOT NULL,
    status      text          NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid')),
    paid_at     timestamptz,
    paid_via    text          NOT NULL DEFAULT '', -- provider name, or 'manual'
    paid_by     bigint        REFERENCES users(id) ON DELETE SET NULL, -- the operator, by hand
    payment_id  text,         -- the provider's id of the payment (Pix: its endToEndId)
    created_at  timestamptz   NOT NULL DEFAULT now(),
    updated_at  timestamptz   NOT NULL DEFAULT now(),
    UNIQUE (company_id, due_date)
);
CREATE INDEX invoices_company_idx ON invoices (company_id, due_date DESC, id DESC);
CREATE UNIQUE INDEX invoices_payment_idx ON invoices (paid_via, payment_id) WHERE payment_id IS NOT NULL;

-- +goose Down
DROP TABLE invoices;
