-- +goose Up
-- Billing periods (BEHAVIOUR §12, decision 11):
-- * An invoice bills `months` months (the company's recurrence when it was made) at the
--   plan's monthly price, and its payment moves the due date by those months. Rows made
--   before billed one month whatever the recurrence: they keep 1, so a payment of one
--   month's price buys one month.
-- * `custom` marks an invoice whose users and connections the checkout customised: it is
--   never re-priced from the plan, and its payment moves the company onto its custom plan.
--   Open invoices the checkout already customised (their value is the custom price of their
--   users and connections, which differ from the plan's) are marked so.
-- * plans.custom_company_id names the company a private custom plan was made for: one row
--   per company, reused by its next customisation. A company's deletion leaves the plan
--   unowned (another company may have been put on it) and pkg/tenants removes it if unused.
-- * companies.due_day is the billing anchor: the day of the month the due date falls on,
--   clamped to a shorter month's last day (31 Jan → 28 Feb → 31 Mar), so month ends don't
--   drift. A trigger keeps it whoever writes the due date: a new date that is the anchor's
--   day of its month (a payment's) keeps it, any other date becomes the new anchor; a
--   writer that sets due_day itself (the operator's edit) wins.
ALTER TABLE invoices
    ADD COLUMN months integer NOT NULL DEFAULT 1 CHECK (months BETWEEN 1 AND 12),
    ADD COLUMN custom boolean NOT NULL DEFAULT false;
UPDATE invoices i SET custom = true
FROM companies c JOIN plans p ON p.id = c.plan_id
WHERE i.company_id = c.id AND i.status = 'open'
  AND i.value = i.users * 11.00 + i.connections * 20.00
  AND (i.users, i.connections) IS DISTINCT FROM (p.users, p.connections);

ALTER TABLE plans ADD COLUMN custom_company_id bigint REFERENCES companies(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX plans_custom_company_idx ON plans (custom_company_id) WHERE custom_company_id IS NOT NULL;

ALTER TABLE companies ADD COLUMN due_day smallint CHECK (due_day BETWEEN 1 AND 31);
UPDATE companies SET due_day = extract(day FROM due_date) WHERE due_date IS NOT NULL;

-- +goose StatementBegin
CREATE FUNCTION companies_due_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last_day int;
BEGIN
    IF NEW.due_date IS NULL THEN
        NEW.due_day := NULL;
    ELSIF TG_OP = 'INSERT' THEN
        NEW.due_day := coalesce(NEW.due_day, extract(day FROM NEW.due_date));
    ELSIF NEW.due_date IS DISTINCT FROM OLD.due_date AND NEW.due_day IS NOT DISTINCT FROM OLD.due_day THEN
        last_day := extract(day FROM date_trunc('month', NEW.due_date) + interval '1 month - 1 day');
        IF OLD.due_day IS NULL OR extract(day FROM NEW.due_date) <> least(OLD.due_day, last_day) THEN
            NEW.due_day := extract(day FROM NEW.due_date);
        END IF;
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd

CREATE TRIGGER companies_due_day BEFORE INSERT OR UPDATE OF due_date, due_day ON companies
    FOR EACH ROW EXECUTE FUNCTION companies_due_day();

-- +goose Down
DROP TRIGGER companies_due_day ON companies;
DROP FUNCTION companies_due_day();
ALTER TABLE companies DROP COLUMN due_day;
DROP INDEX plans_custom_company_idx;
ALTER TABLE plans DROP COLUMN custom_company_id;
ALTER TABLE invoices DROP COLUMN custom, DROP COLUMN months;
