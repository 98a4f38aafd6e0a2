-- +goose NO TRANSACTION
-- +goose Up
-- Three indexes shaped after the queries that read them. Built concurrently (tickets and
-- ticket_tags are large and written by every conversation); a failed build leaves an invalid
-- index that IF NOT EXISTS would skip, so those are dropped first.
-- +goose StatementBegin
DO $$
DECLARE
    name text;
BEGIN
    FOR name IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE NOT i.indisvalid AND c.relname IN ('ticket_tags_tag_ticket_idx',
                    'campaign_shippings_campaign_idx', 'tickets_open_due_idx') LOOP
        EXECUTE format('DROP INDEX %I', name);
    END LOOP;
END $$;
-- +goose StatementEnd
-- The ticket list's tag filter (ticket.filters): one semi-join per chosen tag, a rare tag's
-- tickets read from here alone. It replaces the index on tag_id only, which it contains.
CREATE INDEX CONCURRENTLY IF NOT EXISTS ticket_tags_tag_ticket_idx ON ticket_tags (tag_id, ticket_id);
DROP INDEX CONCURRENTLY IF EXISTS ticket_tags_tag_idx;
-- The campaign report's table (campaign.Shippings): a campaign's numbers by id, a page at a
-- time, in every state (the partial indexes of 00029 hold only the rows still to send).
CREATE INDEX CONCURRENTLY IF NOT EXISTS campaign_shippings_campaign_idx ON campaign_shippings (campaign_id, id);
-- Inactivity warning and expiry (pkg/timers): the sweeps also ask whose message was the last
-- (whenExpiresTicket "1") and whether the ticket was warned. Keyed after (updated_at, id),
-- those are checked in the index, so a sweep no longer reads every idle open ticket of the
-- connection (a customer waiting for a reply stays idle and open) to find the few due. The
-- order of the keys keeps the range and the keyset walk the probe, the expiry without
-- filters and the company's auto-close (timers.AutoClose) read. It replaces
-- tickets_open_idle_idx (00026), which it contains.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_open_due_idx
    ON tickets (connection_id, updated_at, id, from_me, send_inactive_message)
    WHERE status = 'open' AND NOT imported;
DROP INDEX CONCURRENTLY IF EXISTS tickets_open_idle_idx;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_open_idle_idx ON tickets (connection_id, updated_at, id)
    WHERE status = 'open' AND NOT imported;
DROP INDEX CONCURRENTLY IF EXISTS tickets_open_due_idx;
DROP INDEX CONCURRENTLY IF EXISTS campaign_shippings_campaign_idx;
CREATE INDEX CONCURRENTLY IF NOT EXISTS ticket_tags_tag_idx ON ticket_tags (tag_id);
DROP INDEX CONCURRENTLY IF EXISTS ticket_tags_tag_ticket_idx;
