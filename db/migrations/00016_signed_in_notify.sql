-- +goose Up
-- Every process keeps signed-in users and their companies in memory (user.SignedInCache).
-- These triggers tell every process when one changes, on commit, whoever wrote it: a writer
-- added later can't forget to. Payloads: 'u:<user id>', 'c:<company id>', '*' (a plan).
-- +goose StatementBegin
CREATE FUNCTION notify_signed_in() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    IF TG_LEVEL = 'STATEMENT' THEN
        PERFORM pg_notify('atende_signed_in', '*');
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
    IF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('atende_signed_in', 'u:' || r.id);
    ELSIF TG_TABLE_NAME = 'user_queues' THEN
        PERFORM pg_notify('atende_signed_in', 'u:' || r.user_id);
    ELSE
        PERFORM pg_notify('atende_signed_in', 'c:' || r.id);
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- Presence (online, last seen) changes every minute for every user and is not part of
-- what a request is authorised with.
CREATE TRIGGER users_signed_in AFTER UPDATE ON users FOR EACH ROW
    WHEN ((to_jsonb(OLD) - '{online,last_seen_at,updated_at}'::text[])
          IS DISTINCT FROM (to_jsonb(NEW) - '{online,last_seen_at,updated_at}'::text[]))
    EXECUTE FUNCTION notify_signed_in();
CREATE TRIGGER users_signed_in_delete AFTER DELETE ON users FOR EACH ROW
    EXECUTE FUNCTION notify_signed_in();
CREATE TRIGGER user_queues_signed_in AFTER INSERT OR UPDATE OR DELETE ON user_queues FOR EACH ROW
    EXECUTE FUNCTION notify_signed_in();
CREATE TRIGGER companies_signed_in AFTER UPDATE OR DELETE ON companies FOR EACH ROW
    EXECUTE FUNCTION notify_signed_in();
CREATE TRIGGER plans_signed_in AFTER UPDATE OR DELETE ON plans FOR EACH STATEMENT
    EXECUTE FUNCTION notify_signed_in();

-- +goose Down
DROP TRIGGER plans_signed_in ON plans;
DROP TRIGGER companies_signed_in ON companies;
DROP TRIGGER user_queues_signed_in ON user_queues;
DROP TRIGGER users_signed_in_delete ON users;
DROP TRIGGER users_signed_in ON users;
DROP FUNCTION notify_signed_in();
