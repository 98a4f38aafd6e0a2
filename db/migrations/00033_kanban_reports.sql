-- +goose NO TRANSACTION
-- +goose Up
-- Kanban lanes (spec/3 Tag; BEHAVIOUR §6): after an agent message a card waits time_lane
-- minutes and moves to next_lane_id; a customer message moves it to rollback_lane_id, which
-- greets with its greeting_message_lane. A removed lane leaves the pointers empty.
ALTER TABLE tags ADD COLUMN IF NOT EXISTS time_lane integer NOT NULL DEFAULT 0 CHECK (time_lane >= 0);
ALTER TABLE tags ADD COLUMN IF NOT EXISTS next_lane_id bigint REFERENCES tags(id) ON DELETE SET NULL;
ALTER TABLE tags ADD COLUMN IF NOT EXISTS rollback_lane_id bigint REFERENCES tags(id) ON DELETE SET NULL;
ALTER TABLE tags ADD COLUMN IF NOT EXISTS greeting_message_lane text NOT NULL DEFAULT '';
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE NOT i.indisvalid AND c.relname = 'tickets_report_idx') THEN
        DROP INDEX tickets_report_idx;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE NOT i.indisvalid AND c.relname = 'tickets_kanban_idx') THEN
        DROP INDEX tickets_kanban_idx;
    END IF;
END $$;
-- +goose StatementEnd
-- Reports (/ticketreport/reports): a company's tickets by creation, newest first, keyset by
-- (created_at, id); the date range is a range of this index.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_report_idx ON tickets (company_id, created_at DESC, id DESC);
-- The kanban board (/ticket/kanban): a company's open and pending tickets by last update,
-- newest first; closed ones (most of a company's tickets) are not in it. The predicate is
-- written as a literal in the board's query too.
CREATE INDEX CONCURRENTLY IF NOT EXISTS tickets_kanban_idx ON tickets (company_id, updated_at DESC, id DESC)
    WHERE status IN ('open', 'pending');

-- +goose Down
DROP INDEX IF EXISTS tickets_kanban_idx;
DROP INDEX IF EXISTS tickets_report_idx;
ALTER TABLE tags DROP COLUMN IF EXISTS greeting_message_lane;
ALTER TABLE tags DROP COLUMN IF EXISTS rollback_lane_id;
ALTER TABLE tags DROP COLUMN IF EXISTS next_lane_id;
ALTER TABLE tags DROP COLUMN IF EXISTS time_lane;
