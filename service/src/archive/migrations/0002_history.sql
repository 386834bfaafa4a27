-- History, statistics and retention (issue 36 items 4 to 6).

-- Periodic archive jobs (retention): when each last ran, so that one run per period
-- happens across every replica (a replica takes an advisory lock, reads this row, and
-- runs only when the period has passed since the last run of any replica).

CREATE TABLE archive_job_run (
    job       text        PRIMARY KEY,
    last_run  timestamptz NOT NULL
);

-- A player's statistics read only this index (an index-only scan, already grouped by game):
-- 20 ms for 5,000 games without it (a heap fetch per seat row, then a sort), see
-- BENCHMARKS.md, "Archive: a player's history and statistics".
CREATE INDEX archived_seat_player_stats
    ON archived_seat (player_id, game_id) INCLUDE (session_id, result, score, finished_at)
    WHERE player_id IS NOT NULL;
