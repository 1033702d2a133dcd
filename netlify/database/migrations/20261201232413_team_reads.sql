-- The leads each sales key read in each UTC hour (one row per person, hour and lead, however often
-- it was read): a sales key reads at most a few hundred different leads an hour
-- (src/server/db/team-reads.ts). Deleted after a day by the retention job.
CREATE TABLE team_reads (
  member_id uuid NOT NULL,
  hour timestamptz NOT NULL,
  lead_id uuid NOT NULL,
  PRIMARY KEY (member_id, hour, lead_id)
);
CREATE INDEX team_reads_hour ON team_reads (hour);
