-- Every lead has an owner: the team members' routing attributes, the round robin's pointer, each
-- lead's assignee and first-contact clock, the devices that get push alerts, and push and the
-- escalation e-mail as channels of the deliveries table (src/server/intake/assign.ts,
-- src/server/outbound/push.ts, src/server/jobs/first-contact.ts).
-- Never edit this file once it is on main: a change is a new migration.

-- What each member takes: the kinds, the languages they call in, whether they are available,
-- and how many leads a day (India's date) they may be given at most (none: no cap).
ALTER TABLE team_members ADD COLUMN kinds text[] NOT NULL DEFAULT '{realestate,bankloan,finance,contact}'
  CHECK (kinds <@ '{realestate,bankloan,finance,contact,privacy}'::text[]);
ALTER TABLE team_members ADD COLUMN languages text[] NOT NULL DEFAULT '{en}'
  CHECK (languages <@ '{en,ta,te,kn,hi}'::text[]);
ALTER TABLE team_members ADD COLUMN available boolean NOT NULL DEFAULT true;
ALTER TABLE team_members ADD COLUMN daily_cap integer CHECK (daily_cap IS NULL OR daily_cap BETWEEN 0 AND 10000);

-- The round robin's one pointer: the member chosen last. The row is locked (FOR UPDATE) by the
-- transaction of every lead that is assigned, so parallel leads take turns.
CREATE TABLE assignment_pointer (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_member_id uuid,
  last_at timestamptz
);
INSERT INTO assignment_pointer (id) VALUES (true);

-- Leads given to each member per India's date, for the daily cap (counted under the pointer's
-- lock). Deleted after a few days by the retention job.
CREATE TABLE assignment_days (
  day date NOT NULL,
  member_id uuid NOT NULL,
  leads integer NOT NULL,
  PRIMARY KEY (day, member_id)
);

-- The lead's assignee: a member (by id, with their name as it was, so a removed member's leads
-- still say whose they were), or the owner's first key (no id, the name 'Owner'); none on spam
-- and on leads stored before routing.
ALTER TABLE leads ADD COLUMN assignee_id uuid;
ALTER TABLE leads ADD COLUMN assignee_name text;
ALTER TABLE leads ADD COLUMN assigned_at timestamptz;
-- The first-contact clock: when the first contact is due, the next step (1 remind the assignee,
-- 2 escalate to the owner, 3 reassign) and when it is due; null once done or contacted.
ALTER TABLE leads ADD COLUMN first_contact_due_at timestamptz;
ALTER TABLE leads ADD COLUMN clock_step smallint CHECK (clock_step BETWEEN 1 AND 3);
ALTER TABLE leads ADD COLUMN clock_next_at timestamptz;
-- The first contact (the first change to "contacted"), and the assignment it answered.
ALTER TABLE leads ADD COLUMN first_contact_at timestamptz;
ALTER TABLE leads ADD COLUMN first_contact_assigned_at timestamptz;
-- "Mine": a member's leads, newest first; the owner's first key's.
CREATE INDEX leads_assignee_newest ON leads (assignee_id, received_at DESC, id DESC) WHERE spam IS NULL;
CREATE INDEX leads_owner_key_newest ON leads (received_at DESC, id DESC)
  WHERE spam IS NULL AND assignee_id IS NULL AND assigned_at IS NOT NULL;
-- The clock's next steps.
CREATE INDEX leads_clock_next ON leads (clock_next_at) WHERE clock_next_at IS NOT NULL;

-- What routing did to a lead, in its history beside the team's changes of status and note:
-- 'reassigned', 'reminded', 'escalated' (null: a change of status or note), and in words.
ALTER TABLE lead_history ADD COLUMN event text CHECK (event IN ('reassigned', 'reminded', 'escalated'));
ALTER TABLE lead_history ADD COLUMN detail text;
-- Insights counts the reassignments of a range.
CREATE INDEX lead_history_reassigned ON lead_history (changed_at) WHERE event = 'reassigned';

-- Each device that gets push alerts: a browser's PushSubscription, for a member (null: the
-- owner's first key). Removing the member removes their devices; a push service that answers 404
-- or 410 has forgotten the subscription, and it is deleted.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid REFERENCES team_members (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL,
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_member ON push_subscriptions (member_id);

-- Push alerts and the escalation e-mail are channels of the one retry machine. A lead may have
-- several pushes (its assignment, a reminder, a reassignment): each has its own topic, and a
-- recipient (a member's id, 'owner-key' for the owner's first key, 'owners' for every owner).
-- Its re-sends count from `scheduled_from` (the lead's receipt when null).
ALTER TABLE deliveries DROP CONSTRAINT deliveries_channel_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_channel_check CHECK (channel IN ('team', 'ack', 'webhook', 'push', 'escalation'));
ALTER TABLE deliveries ADD COLUMN topic text NOT NULL DEFAULT '';
ALTER TABLE deliveries ADD COLUMN recipient text;
ALTER TABLE deliveries ADD COLUMN scheduled_from timestamptz;
ALTER TABLE deliveries DROP CONSTRAINT deliveries_lead_id_channel_key;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_lead_channel_topic UNIQUE (lead_id, channel, topic);
