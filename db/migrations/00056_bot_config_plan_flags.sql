-- +goose Up
-- The bot's configuration (pkg/inbound.BotCache) now carries the plan's useOpenAi and
-- useIntegrations: a company that changes plan, or a plan whose flags change, bumps the
-- version of the configuration of every company concerned.
DROP TRIGGER companies_bot_config ON companies;
CREATE TRIGGER companies_bot_config AFTER UPDATE ON companies FOR EACH ROW
    WHEN ((OLD.name, OLD.timezone, OLD.schedules, OLD.plan_id) IS DISTINCT FROM (NEW.name, NEW.timezone, NEW.schedules, NEW.plan_id))
    EXECUTE FUNCTION bump_bot_config();

-- +goose StatementBegin
CREATE FUNCTION bump_plan_bot_config() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO bot_config_versions AS v (company_id) SELECT id FROM companies WHERE plan_id = NEW.id
    ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER plans_bot_config AFTER UPDATE ON plans FOR EACH ROW
    WHEN ((OLD.use_open_ai, OLD.use_integrations) IS DISTINCT FROM (NEW.use_open_ai, NEW.use_integrations))
    EXECUTE FUNCTION bump_plan_bot_config();

-- +goose Down
DROP TRIGGER plans_bot_config ON plans;
DROP FUNCTION bump_plan_bot_config();
DROP TRIGGER companies_bot_config ON companies;
CREATE TRIGGER companies_bot_config AFTER UPDATE ON companies FOR EACH ROW
    WHEN ((OLD.name, OLD.timezone, OLD.schedules) IS DISTINCT FROM (NEW.name, NEW.timezone, NEW.schedules))
    EXECUTE FUNCTION bump_bot_config();
