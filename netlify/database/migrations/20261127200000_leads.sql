-- The site's leads and everything done with them: the team's work and its history, every outbound
-- delivery (team e-mail, the visitor's acknowledgement, the webhook), the team's log, and the
-- single-use challenge and confirm tokens. Photos stay in Netlify Blobs, keyed by the lead's id.
-- Never edit this file once it is on main: a change is a new migration.

-- Substring search over names in any script, phones and e-mails (Netlify Database has pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE leads (
  -- The submission id the browser made: a retry of the same submission finds this row.
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('realestate', 'bankloan', 'finance', 'contact', 'privacy')),
  received_at timestamptz NOT NULL,
  -- The consent box is part of the submit; a privacy request asks for none.
  consent_at timestamptz,
  page text NOT NULL,
  via text NOT NULL CHECK (via IN ('js', 'html')),
  -- Why it was kept apart as spam; null for a lead.
  spam text,
  locale text NOT NULL,
  name text NOT NULL,
  -- The 10 digits of an Indian mobile number.
  phone text,
  email text,
  landing_path text,
  referrer text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  gclid text,
  -- The kind's other fields, as its schema put them out.
  fields jsonb NOT NULL DEFAULT '{}',
  -- Keys in the lead-photos Blobs store.
  photos text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'won', 'lost')),
  note text NOT NULL DEFAULT '',
  status_by text,
  status_at timestamptz,
  -- A spam record a person moved into the inbox: why it was spam, who and when.
  spam_reason text,
  released_by text,
  released_at timestamptz,
  -- Raised by every change of the team's work: a save carries the version it was made on.
  version integer NOT NULL DEFAULT 1,
  -- What the inbox's search looks in: the name without spaces, the phone and the e-mail, lower-case.
  search text GENERATED ALWAYS AS (
    lower(regexp_replace(name, '\s+', '', 'g')) || ' ' || coalesce(phone, '') || ' ' || coalesce(lower(email), '')
  ) STORED
);

CREATE INDEX leads_inbox_newest ON leads (received_at DESC, id DESC) WHERE spam IS NULL;
CREATE INDEX leads_spam_newest ON leads (received_at DESC, id DESC) WHERE spam IS NOT NULL;
CREATE INDEX leads_kind_newest ON leads (kind, received_at DESC, id DESC);
CREATE INDEX leads_status_newest ON leads (status, received_at DESC, id DESC) WHERE spam IS NULL;
CREATE INDEX leads_page_newest ON leads (page, received_at DESC, id DESC);
CREATE INDEX leads_search ON leads USING gin (search gin_trgm_ops);
CREATE INDEX leads_phone ON leads (phone, received_at);
CREATE INDEX leads_email ON leads (email, received_at);

-- Every change of status or note: who, when, what it became.
CREATE TABLE lead_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  changed_at timestamptz NOT NULL,
  changed_by text NOT NULL,
  status text NOT NULL,
  note text NOT NULL
);
CREATE INDEX lead_history_lead ON lead_history (lead_id, changed_at);

-- One row per lead and outbound channel, worked by one retry machine.
CREATE TABLE deliveries (
  -- Also the id a receiver de-duplicates by.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid REFERENCES leads (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('team', 'ack', 'webhook')),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'gave-up', 'skipped')),
  -- Tries so far, the one at receipt included.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- While a try is under way: nobody else takes the row before this.
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  gave_up_at timestamptz,
  -- Why none is sent ('repeat-contact', 'daily-limit').
  skipped text,
  -- A team e-mail that gave up: the lead whose own e-mail later carried it to the team.
  carried_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lead_id, channel)
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX deliveries_gave_up ON deliveries (channel, gave_up_at) WHERE state = 'gave-up';

-- What the team did, by whom: kept 24 months. Erasing a lead removes its id and details here.
CREATE TABLE team_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  lead_id uuid,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX team_log_at ON team_log (at);
CREATE INDEX team_log_lead ON team_log (lead_id) WHERE lead_id IS NOT NULL;

-- Each fill-time challenge and no-JavaScript confirm token is used once: by one submission.
CREATE TABLE used_tokens (
  token_hash text PRIMARY KEY,
  submission_id uuid NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX used_tokens_used_at ON used_tokens (used_at);
