-- +goose Up
-- Every process keeps the connection rows of the per-event paths in memory (inbound batches,
-- token authentication: connection.Cache). This trigger tells every process when one changes
-- or goes, on commit, whoever wrote it, on the channel the signed-in cache already follows.
-- +goose StatementBegin
CREATE FUNCTION notify_connection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('atende_signed_in', 'k:' || OLD.id);
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER connections_cached AFTER UPDATE OR DELETE ON connections FOR EACH ROW
    EXECUTE FUNCTION notify_connection();

-- +goose Down
DROP TRIGGER connections_cached ON connections;
DROP FUNCTION notify_connection();
