-- Follow-ups (issue 41): the next step on every open lead (src/server/team/follow-ups.ts), the
-- due list, and the push to the assignee when it comes (src/server/jobs/first-contact.ts).
-- Never edit this file once it is on main: a change is a new migration.

-- When to try the lead next (a member's pick, a call-back time, or the next working morning);
-- null on a lead closed as won or lost. `follow_up_push_at`: when the assignee's push is due
-- (the follow-up's time; null once pushed, or when there is none).
ALTER TABLE leads ADD COLUMN follow_up_at timestamptz;
ALTER TABLE leads ADD COLUMN follow_up_push_at timestamptz;
-- The due list (GET /api/leads?view=due), everyone's and a member's own, oldest due first.
CREATE INDEX leads_follow_up_due ON leads (follow_up_at, id) WHERE follow_up_at IS NOT NULL AND spam IS NULL;
CREATE INDEX leads_assignee_follow_up_due ON leads (assignee_id, follow_up_at, id) WHERE follow_up_at IS NOT NULL AND spam IS NULL;
-- The clock's pushes of follow-ups that came due.
CREATE INDEX leads_follow_up_push ON leads (follow_up_push_at) WHERE follow_up_push_at IS NOT NULL;
