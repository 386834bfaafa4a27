-- Table chat kept with archived games (issue 38): one row per archived session, its
-- messages as a JSON array of the store's chat records (each with its `format`), in
-- sequence order. Deleted with its game (retention, erasure).

CREATE TABLE archived_chat (
    session_id  text    PRIMARY KEY REFERENCES archived_session (session_id) ON DELETE CASCADE,
    messages    jsonb   NOT NULL,
    count       integer NOT NULL
);
