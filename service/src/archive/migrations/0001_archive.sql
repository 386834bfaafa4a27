-- The permanent archive (issue 36): one row per finished session, one per seat.
-- Additive changes only in later migrations: replicas of the previous release keep
-- writing while a rolling upgrade runs.

CREATE TABLE archived_session (
    session_id     text        PRIMARY KEY,
    game_id        text        NOT NULL,
    -- The session's options as the API shows them (JSON of the game's options).
    options        jsonb       NOT NULL,
    -- The u64 seed, bit for bit, as a signed 64-bit integer.
    seed           bigint      NOT NULL,
    -- The rules it was played under: the game's state version and the engine release.
    state_version  integer     NOT NULL,
    rules_release  text        NOT NULL,
    created_at     timestamptz NOT NULL,
    finished_at    timestamptz NOT NULL,
    outcome        text        NOT NULL CHECK (outcome IN ('finished', 'abandoned', 'aborted')),
    -- The last version (the length of the log).
    final_version  bigint      NOT NULL,
    -- The store's own versioned records: the metadata (JSON, meta format 1), the final
    -- snapshot (snapshot format 5) and the whole log (log blob format 3, zstd).
    meta           bytea       NOT NULL,
    snapshot       bytea       NOT NULL,
    log            bytea       NOT NULL,
    -- This row's layout; bump in a migration that changes what the columns hold.
    row_format     smallint    NOT NULL DEFAULT 1
);

-- Games of a game id between dates, newest first.
CREATE INDEX archived_session_game_time
    ON archived_session (game_id, finished_at DESC, session_id);
-- Every game between dates (retention, operators' searches).
CREATE INDEX archived_session_time ON archived_session (finished_at);

CREATE TABLE archived_seat (
    session_id   text        NOT NULL REFERENCES archived_session (session_id) ON DELETE CASCADE,
    seat         smallint    NOT NULL,
    -- The signed-in player, when one held the seat (anonymous seat tokens have none).
    player_id    text,
    player_name  text        NOT NULL,
    -- From the outcome; null for a game that did not finish.
    score        integer,
    rank         smallint,
    result       text        CHECK (result IN ('won', 'lost', 'drawn')),
    -- Copied from the session so a player's history is one index range.
    game_id      text        NOT NULL,
    finished_at  timestamptz NOT NULL,
    PRIMARY KEY (session_id, seat)
);

-- A player's games, newest first (and by game for statistics).
CREATE INDEX archived_seat_player_time
    ON archived_seat (player_id, finished_at DESC, session_id)
    WHERE player_id IS NOT NULL;
CREATE INDEX archived_seat_player_game
    ON archived_seat (player_id, game_id)
    WHERE player_id IS NOT NULL;
