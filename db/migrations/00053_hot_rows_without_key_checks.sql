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

-- "= ANY (ARRAY(...))" rather than "IN (SELECT ...)": a transition table has no statistics,
-- and the array form keeps a deleted contact's messages an index probe (migration 00017).
-- +goose StatementBegin
CREATE FUNCTION forget_deleted_connections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE messages SET connection_id = NULL WHERE connection_id = ANY (ARRAY(SELECT id FROM gone));
    UPDATE ticket_trackings SET connection_id = NULL WHERE connection_id = ANY (ARRAY(SELECT id FROM gone));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION forget_deleted_queues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE messages SET queue_id = NULL WHERE queue_id = ANY (ARRAY(SELECT id FROM gone));
    UPDATE ticket_logs SET queue_id = NULL WHERE queue_id = ANY (ARRAY(SELECT id FROM gone));
    UPDATE ticket_trackings SET queue_id = NULL WHERE queue_id = ANY (ARRAY(SELECT id FROM gone));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION forget_deleted_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE messages SET user_id = NULL WHERE user_id = ANY (ARRAY(SELECT id FROM gone));
    UPDATE ticket_logs SET user_id = NULL WHERE user_id = ANY (ARRAY(SELECT id FROM gone));
    UPDATE ticket_trackings SET user_id = NULL WHERE user_id = ANY (ARRAY(SELECT id FROM gone));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION forget_deleted_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE messages SET contact_id = NULL WHERE contact_id = ANY (ARRAY(SELECT id FROM gone));
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER connections_forget AFTER DELETE ON connections REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_connections();
CREATE TRIGGER queues_forget AFTER DELETE ON queues REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_queues();
CREATE TRIGGER users_forget AFTER DELETE ON users REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_users();
CREATE TRIGGER contacts_forget AFTER DELETE ON contacts REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_contacts();

-- +goose Down
DROP TRIGGER IF EXISTS connections_forget ON connections;
DROP TRIGGER IF EXISTS queues_forget ON queues;
DROP TRIGGER IF EXISTS users_forget ON users;
DROP TRIGGER IF EXISTS contacts_forget ON contacts;
DROP FUNCTION IF EXISTS forget_deleted_connections();
DROP FUNCTION IF EXISTS forget_deleted_queues();
DROP FUNCTION IF EXISTS forget_deleted_users();
DROP FUNCTION IF EXISTS forget_deleted_contacts();
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
