-- The owner's insights (src/server/db/insights.ts) and the morning digest (src/server/jobs/digest.ts).
-- Never edit this file once it is on main: a change is a new migration.

-- The first change of each lead to "contacted" (the speed of first contact) is looked up by status.
CREATE INDEX lead_history_contacted ON lead_history (lead_id, changed_at) WHERE status = 'contacted';

-- The morning digest: one row per day (India's date) it covers, claimed before it is sent, so
-- two runs at once send it once.
CREATE TABLE digests (
  day date PRIMARY KEY,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
