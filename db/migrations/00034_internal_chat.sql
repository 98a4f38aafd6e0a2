-- +goose Up
-- Internal chat (spec/3): chats between users of one company. A chat's members are its
-- chat_users rows (the owner is always one); unreads is each member's count of messages
-- sent since they last opened the chat. Every read goes through a member's row, so a user
-- never reaches a chat they are not in.
CREATE TABLE chats (
    id            bigserial PRIMARY KEY,
    uuid          uuid    NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    company_id    bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    owner_id      bigint  REFERENCES users(id) ON DELETE SET NULL,
    title         text    NOT NULL,
    last_message  text    NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chats_company_idx ON chats (company_id, updated_at DESC, id DESC);

CREATE TABLE chat_users (
    chat_id     bigint  NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
    user_id     bigint  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    company_id  bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    unreads     integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (chat_id, user_id)
);
-- "My chats": a member's rows, then the chats newest first.
CREATE INDEX chat_users_user_idx ON chat_users (user_id, chat_id);

CREATE TABLE chat_messages (
    id          bigserial PRIMARY KEY,
    company_id  bigint  NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    chat_id     bigint  NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
    sender_id   bigint  REFERENCES users(id) ON DELETE SET NULL,
    message     text    NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
-- Keyset pages of one chat, newest first.
CREATE INDEX chat_messages_chat_idx ON chat_messages (chat_id, id DESC);

-- +goose Down
DROP TABLE chat_messages;
DROP TABLE chat_users;
DROP TABLE chats;
