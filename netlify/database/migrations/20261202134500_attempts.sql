-- Follow-ups (issue 41): every call, WhatsApp message and e-mail a member makes to a lead, with
-- its outcome (src/server/team/attempts.ts), and its line in the lead's history.
-- Never edit this file once it is on main: a change is a new migration.

-- One attempt to reach the lead: who (a member by id, with their name as it was; no id for the
-- owner's first key), when, by which channel, what came of it, an optional note and, for
-- "call back at…", the time the person asked for. Erasing or retiring the lead deletes them.
CREATE TABLE lead_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  member_id uuid,
  member_name text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('call', 'whatsapp', 'email')),
  outcome text NOT NULL CHECK (outcome IN ('connected', 'no-answer', 'busy', 'switched-off', 'wrong-number', 'call-back')),
  note text NOT NULL DEFAULT '',
  call_back_at timestamptz,
  CHECK ((outcome = 'call-back') = (call_back_at IS NOT NULL))
);
-- A lead's attempts, oldest first (its page); Insights' figures by the time of the attempt.
CREATE INDEX lead_attempts_lead ON lead_attempts (lead_id, at);
CREATE INDEX lead_attempts_at ON lead_attempts (at);

-- An attempt is also a line of the lead's history ('attempt', in words in `detail`), beside
-- routing's events and the team's changes of status and note.
ALTER TABLE lead_history DROP CONSTRAINT lead_history_event_check;
ALTER TABLE lead_history ADD CONSTRAINT lead_history_event_check CHECK (event IN ('reassigned', 'reminded', 'escalated', 'attempt'));
