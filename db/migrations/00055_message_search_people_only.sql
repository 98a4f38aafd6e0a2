-- +goose NO TRANSACTION
-- +goose Up
-- Message search ("also search inside message contents") looks in what people wrote:
-- customers and attendants. The system's own texts (message.SystemMark: the bot's menus and
-- greetings, flow steps, integration and AI answers, timers' warnings) are left out. The
-- same menu goes to every customer, so a word of it ("financeiro") matched every ticket the
-- bot ever answered, burying the conversations that said it. And a menu is long: each one
-- entered about a hundred trigrams into this index, half the cost of storing a bot reply
-- (docs/bench.md, tenth session). ticket.searchable is the same condition, so that the
-- search uses this index. Built concurrently, as 00017: inbound traffic must not wait, and a
-- failed build's invalid index is dropped first.
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE c.relname = 'messages_people_trgm' AND NOT i.indisvalid) THEN
        DROP INDEX messages_people_trgm;
    END IF;
END $$;
-- +goose StatementEnd
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_people_trgm ON messages USING gin (lower(body) gin_trgm_ops)
    WHERE body NOT LIKE E'\u200e%';
DROP INDEX CONCURRENTLY IF EXISTS messages_body_trgm;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS messages_body_trgm ON messages USING gin (lower(body) gin_trgm_ops);
DROP INDEX CONCURRENTLY IF EXISTS messages_people_trgm;
