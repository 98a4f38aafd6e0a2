-- +goose Up
-- Every customer message, bot reply, ticket log and tracking mark checked its company,
-- connection, contact, queue and user with a foreign key, and every received event its
-- company: a SELECT ... FOR KEY SHARE of each parent row, per row inserted. The company,
-- connection and queue rows are shared by every batch of a company running at once, so
-- those locks became multixacts. Without them an insert of 28 messages took 2.5-3.1 ms
-- instead of 5.0-6.0 (make bench, bot on; docs/bench.md "Eighth session").
--
-- What the keys did on a parent's delete stays, as statement triggers on the parents,
-- which are rarely deleted: the same SET NULL, once per statement. The company keys go
-- without a replacement: a message, log or tracking belongs to its ticket, whose company
-- key cascades through the kept ticket keys; an event belongs to its connection, whose
-- company key cascades through the event's kept connection key. Inserts name parents the
-- same transaction has just read (a batch locks its tickets and reads their connection,
-- contact, queue and attendant), which is what the checks guarded.
ALTER TABLE messages
    DROP CONSTRAINT IF EXISTS messages_company_id_fkey,
    DROP CONSTRAINT IF EXISTS messages_contact_id_fkey,
    DROP CONSTRAINT IF EXISTS messages_connection_id_fkey,
    DROP CONSTRAINT IF EXISTS messages_queue_id_fkey,
    DROP CONSTRAINT IF EXISTS messages_user_id_fkey;
ALTER TABLE ticket_logs
    DROP CONSTRAINT IF EXISTS ticket_logs_company_id_fkey,
    DROP CONSTRAINT IF EXISTS ticket_logs_queue_id_fkey,
    DROP CONSTRAINT IF EXISTS ticket_logs_user_id_fkey;
ALTER TABLE ticket_trackings
    DROP CONSTRAINT IF EXISTS ticket_trackings_company_id_fkey,
    DROP CONSTRAINT IF EXISTS ticket_trackings_connection_id_fkey,
    DROP CONSTRAINT IF EXISTS ticket_trackings_queue_id_fkey,
    DROP CONSTRAINT IF EXISTS ticket_trackings_user_id_fkey;
-- An event keeps its connection key: its insert is what refuses an event for a connection
-- deleted meanwhile (inbound.Store), which processing could never handle.
ALTER TABLE inbound_events
    DROP CONSTRAINT IF EXISTS inbound_events_company_id_fkey;

-- One function serves every parent: its trigger's arguments name the column and the tables
-- that point at the parent. The ids are read into an array first: "= ANY ($1)" keeps a
-- deleted contact's messages an index probe (migration 00017), where a join with the
-- transition table, which has no statistics, could read the whole table.
-- +goose StatementBegin
CREATE FUNCTION forget_deleted_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ids bigint[] := ARRAY(SELECT id FROM gone);
    tbl text;
BEGIN
    IF cardinality(ids) = 0 THEN
        RETURN NULL; -- a delete that matched nothing reads no table
    END IF;
    FOREACH tbl IN ARRAY TG_ARGV[1:] LOOP
        EXECUTE format('UPDATE %I SET %I = NULL WHERE %I = ANY ($1)', tbl, TG_ARGV[0], TG_ARGV[0]) USING ids;
    END LOOP;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER connections_forget AFTER DELETE ON connections REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_parents('connection_id', 'messages', 'ticket_trackings');
CREATE TRIGGER queues_forget AFTER DELETE ON queues REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_parents('queue_id', 'messages', 'ticket_logs', 'ticket_trackings');
CREATE TRIGGER users_forget AFTER DELETE ON users REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_parents('user_id', 'messages', 'ticket_logs', 'ticket_trackings');
CREATE TRIGGER contacts_forget AFTER DELETE ON contacts REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_parents('contact_id', 'messages');

-- +goose Down
DROP TRIGGER IF EXISTS connections_forget ON connections;
DROP TRIGGER IF EXISTS queues_forget ON queues;
DROP TRIGGER IF EXISTS users_forget ON users;
DROP TRIGGER IF EXISTS contacts_forget ON contacts;
DROP FUNCTION IF EXISTS forget_deleted_parents();
ALTER TABLE messages
    ADD CONSTRAINT messages_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE NOT VALID,
    ADD CONSTRAINT messages_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES contacts(id) ON DELETE SET NULL NOT VALID,
    ADD CONSTRAINT messages_connection_id_fkey FOREIGN KEY (connection_id) REFERENCES connections(id) ON DELETE SET NULL NOT VALID,
    ADD CONSTRAINT messages_queue_id_fkey FOREIGN KEY (queue_id) REFERENCES queues(id) ON DELETE SET NULL NOT VALID,
    ADD CONSTRAINT messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL NOT VALID;
ALTER TABLE ticket_logs
    ADD CONSTRAINT ticket_logs_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE NOT VALID,
    ADD CONSTRAINT ticket_logs_queue_id_fkey FOREIGN KEY (queue_id) REFERENCES queues(id) ON DELETE SET NULL NOT VALID,
    ADD CONSTRAINT ticket_logs_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL NOT VALID;
ALTER TABLE ticket_trackings
    ADD CONSTRAINT ticket_trackings_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE NOT VALID,
    ADD CONSTRAINT ticket_trackings_connection_id_fkey FOREIGN KEY (connection_id) REFERENCES connections(id) ON DELETE SET NULL NOT VALID,
    ADD CONSTRAINT ticket_trackings_queue_id_fkey FOREIGN KEY (queue_id) REFERENCES queues(id) ON DELETE SET NULL NOT VALID,
    ADD CONSTRAINT ticket_trackings_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL NOT VALID;
ALTER TABLE inbound_events
    ADD CONSTRAINT inbound_events_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE NOT VALID;
