-- History, statistics and retention (issue 36 items 4 to 6).

-- Periodic archive jobs (retention): when each last ran, so that one run per period
-- happens across every replica (a replica takes an advisory lock, reads this row, and
-- runs only when the period has passed since the last run of any replica).

CREATE TABLE archive_job_run (
    job       text        PRIMARY KEY,
    last_run  timestamptz NOT NULL
);

