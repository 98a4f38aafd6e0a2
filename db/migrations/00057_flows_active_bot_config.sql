-- +goose Up
-- The bot cache now knows which flows are switched off (pkg/inbound/handoff_load.go), so a
-- phrase, welcome or "no phrase" entry never picks one: a flow's active flag bumps the
-- company's bot configuration version when it changes (its graph still does not).
CREATE TRIGGER flows_active_bot_config AFTER UPDATE OF active ON flows FOR EACH ROW
    WHEN (OLD.active IS DISTINCT FROM NEW.active)
    EXECUTE FUNCTION bump_bot_config();

-- +goose Down
DROP TRIGGER flows_active_bot_config ON flows;
