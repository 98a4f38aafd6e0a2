-- +goose Up
-- The bot cache also holds each company's queue integrations, phrase campaigns and whether
-- it has flows (pkg/inbound/handoff_load.go): their changes bump its version too. A flow's
-- graph is not cached (the worker reads it), so only a flow's arrival or removal counts.
CREATE TRIGGER queue_integrations_bot_config AFTER INSERT OR UPDATE OR DELETE ON queue_integrations FOR EACH ROW
    EXECUTE FUNCTION bump_bot_config();
CREATE TRIGGER flow_campaigns_bot_config AFTER INSERT OR UPDATE OR DELETE ON flow_campaigns FOR EACH ROW
    EXECUTE FUNCTION bump_bot_config();
CREATE TRIGGER flows_bot_config AFTER INSERT OR DELETE ON flows FOR EACH ROW
    EXECUTE FUNCTION bump_bot_config();

-- +goose Down
DROP TRIGGER flows_bot_config ON flows;
DROP TRIGGER flow_campaigns_bot_config ON flow_campaigns;
DROP TRIGGER queue_integrations_bot_config ON queue_integrations;
