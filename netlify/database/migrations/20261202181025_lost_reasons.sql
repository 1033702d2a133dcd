-- Lost needs a reason (issue 41): one of a short list per division (src/lib/team-api/stages.ts),
-- kept on the lead while it is lost, in its history line and in the export. Leads lost before
-- this have none (nobody asked then); a lead set to another stage loses its reason.
-- Never edit this file once it is on main: a change is a new migration.
ALTER TABLE leads ADD COLUMN lost_reason text CHECK (
  lost_reason IS NULL
  OR (status = 'lost' AND lost_reason IN ('price', 'location', 'loan-rejected', 'interest-rate', 'fees', 'bought-elsewhere', 'not-reachable', 'not-interested')));
-- Insights' lost reasons per division.
CREATE INDEX leads_lost_reason ON leads (kind, lost_reason) WHERE lost_reason IS NOT NULL;
