-- One person across the group: every lead belongs to the person its phone or e-mail finds; what
-- the person agreed to (an append-only consent ledger); possible duplicates, merges and their undo;
-- referrals between divisions. src/server/db/persons.ts, consent-ledger.ts and merges.ts read and
-- write these tables. Never edit this file once it is on main: a change is a new migration.

-- A person. Only what finding duplicates needs is kept here (the first lead's name, city and
-- phone); everything the person sent stays on their leads.
CREATE TABLE persons (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL,
  -- The first lead's name, lower-case with its spaces collapsed, and its city (none on the kinds
  -- that ask for none): the same name in the same city with phones one digit apart is a possible
  -- duplicate.
  name_key text NOT NULL DEFAULT '',
  city text,
  phone text,
  -- Merged into another person (Possible duplicates → Merge): the person the team sees instead,
  -- always one that is merged into nobody. Undoing the merge sets it back.
  merged_into uuid REFERENCES persons (id) ON DELETE CASCADE,
  merged_at timestamptz
);
CREATE INDEX persons_merged_into ON persons (merged_into) WHERE merged_into IS NOT NULL;
CREATE INDEX persons_name_city ON persons (name_key, city) WHERE city IS NOT NULL;

-- The contacts that find a person: a mobile number (its 10 digits) or an e-mail address (lower
-- case), each belonging to one person. The primary key makes finding or making a person
-- race-safe: of two enquiries from one new phone at the same moment, the second waits for the
-- first one's row and then joins its person (attach_person below).
CREATE TABLE person_contacts (
  channel text NOT NULL CHECK (channel IN ('phone', 'email')),
  value text NOT NULL,
  -- Deferred: the contact is claimed first, and the person it makes is written after the claim won.
  person_id uuid NOT NULL REFERENCES persons (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  PRIMARY KEY (channel, value)
);
CREATE INDEX person_contacts_person ON person_contacts (person_id);

-- person_id: the person the team sees (after a merge, the person kept); origin_person_id: the
-- person the lead's own phone or e-mail found, which undoing a merge returns it to. Both null on
-- spam, which never makes or changes a person.
ALTER TABLE leads ADD COLUMN person_id uuid REFERENCES persons (id);
ALTER TABLE leads ADD COLUMN origin_person_id uuid REFERENCES persons (id);
-- The earlier open lead of the same person and kind this one repeats (within LEADS_REPEAT_DAYS).
ALTER TABLE leads ADD COLUMN repeat_of uuid REFERENCES leads (id) ON DELETE SET NULL;
-- A lead a team member made for another division of the same person: 'referral', who made it,
-- from which lead, and their note.
ALTER TABLE leads ADD COLUMN source text CHECK (source IN ('referral'));
ALTER TABLE leads ADD COLUMN referred_by text;
ALTER TABLE leads ADD COLUMN referred_from uuid REFERENCES leads (id) ON DELETE SET NULL;
-- The division the referral came from, kept when that lead is erased (Insights counts by pair).
ALTER TABLE leads ADD COLUMN referred_from_kind text;
ALTER TABLE leads ADD COLUMN referral_note text;
CREATE INDEX leads_person ON leads (person_id, received_at DESC) WHERE person_id IS NOT NULL;
CREATE INDEX leads_origin_person ON leads (origin_person_id) WHERE origin_person_id IS NOT NULL;
CREATE INDEX leads_repeat_of ON leads (repeat_of) WHERE repeat_of IS NOT NULL;
CREATE INDEX leads_referrals ON leads (received_at) WHERE source = 'referral';

-- Two people who may be one: their leads share an e-mail address but not a phone (or a phone but
-- not an e-mail), or they have the same name in the same city with phones one digit apart. Shown
-- to the owner in Possible duplicates while both are people of their own (merged into nobody) and
-- nobody has set the pair aside.
CREATE TABLE person_pairs (
  a uuid NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
  b uuid NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('email', 'phone', 'phone-digit')),
  found_at timestamptz NOT NULL,
  -- The lead that showed it (none for the one-digit check). Deferred: the pair is noted while
  -- the lead's own row is being inserted.
  lead_id uuid REFERENCES leads (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
  dismissed_at timestamptz,
  dismissed_by text,
  PRIMARY KEY (a, b),
  CHECK (a < b)
);
CREATE INDEX person_pairs_b ON person_pairs (b);
CREATE INDEX person_pairs_open ON person_pairs (found_at DESC) WHERE dismissed_at IS NULL;

-- Every merge, so that it can be undone: the person kept, the one merged, the persons whose
-- merged_into the merge changed (the one merged and everyone merged into them before), and what
-- each one's merged_into and merged_at were before ([{ id, merged_into, merged_at }]): undo puts
-- exactly these back.
CREATE TABLE person_merges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kept uuid NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
  merged uuid NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
  moved uuid[] NOT NULL,
  before jsonb NOT NULL,
  merged_at timestamptz NOT NULL,
  merged_by text NOT NULL,
  undone_at timestamptz,
  undone_by text
);
CREATE INDEX person_merges_kept ON person_merges (kept);
CREATE INDEX person_merges_merged ON person_merges (merged);

-- What happened to a person besides their leads' own history: merges and their undo, referrals,
-- withdrawals of consent (and, later, messages on other channels). Part of the person's
-- timeline; erased with the person.
CREATE TABLE person_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  person_id uuid NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  lead_id uuid REFERENCES leads (id) ON DELETE SET NULL,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX person_events_person ON person_events (person_id, at);

-- What each person agreed to, purpose by purpose, append-only: one row per purpose of every
-- enquiry ('enquiry', 'group': the group's other divisions may contact them, 'whatsapp': updates
-- on WhatsApp), granted or refused, and a new row for each withdrawal. Never updated or deleted
-- (the trigger below refuses it) except by an erasure or the retention job, which say so first.
CREATE TABLE consent_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The person as found when the row was written (a merge never rewrites the ledger: a person's
  -- consent is read over everyone merged into them). Null once the person is erased.
  person_id uuid REFERENCES persons (id),
  lead_id uuid,
  purpose text NOT NULL CHECK (purpose IN ('enquiry', 'group', 'whatsapp')),
  action text NOT NULL CHECK (action IN ('granted', 'refused', 'withdrawn')),
  at timestamptz NOT NULL,
  -- The consent notice's version and the sha256 of its text in the language shown
  -- (src/content/consent.lock.json), and that language.
  notice text,
  notice_hash text,
  locale text NOT NULL,
  -- Where: the form's page (/Flats), or the way of a withdrawal ('withdrawal-link', '/Privacyrequest').
  form text NOT NULL,
  -- Set by an erasure: the row is kept a year without the person (docs/security.md), under an
  -- HMAC of their phone and e-mail, so the consent and its withdrawal can still be shown if asked.
  erased_at timestamptz,
  subject text
);
CREATE INDEX consent_ledger_person ON consent_ledger (person_id, at) WHERE person_id IS NOT NULL;
CREATE INDEX consent_ledger_erased ON consent_ledger (erased_at) WHERE erased_at IS NOT NULL;

CREATE FUNCTION consent_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('aranya.consent_erasure', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  RAISE EXCEPTION 'the consent ledger is append-only: % of a row is refused', TG_OP USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER consent_ledger_append_only BEFORE UPDATE OR DELETE ON consent_ledger
  FOR EACH ROW EXECUTE FUNCTION consent_ledger_append_only();

-- A name as the duplicate check compares it: lower-case, spaces collapsed.
CREATE FUNCTION person_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(regexp_replace(btrim(coalesce(name, '')), '\s+', ' ', 'g'))
$$;

-- Two 10-digit phones that differ in exactly one digit.
CREATE FUNCTION phones_one_digit_apart(x text, y text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT length(x) = 10 AND length(y) = 10
    AND (SELECT count(*) FROM generate_series(1, 10) AS i WHERE substr(x, i, 1) <> substr(y, i, 1)) = 1
$$;

-- Records that two people may be one (each pair once, whatever the order).
CREATE FUNCTION note_person_pair(x uuid, y uuid, why text, at timestamptz, lead uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO person_pairs (a, b, reason, found_at, lead_id)
  SELECT least(x, y), greatest(x, y), why, at, lead WHERE x <> y
  ON CONFLICT (a, b) DO NOTHING
$$;

-- Finds or makes the person of a lead (not spam) from its phone, e-mail, name, city and time:
-- `own` is the person its phone or e-mail found (or made), `seen` the one the team sees (the
-- person `own` was merged into, else `own`). Every way a lead is stored uses it (the enquiry's
-- insert, a release from spam, the import) and so does the backfill below, so all of them find
-- people alike (a few statements: one look-up, one claim of what is new, one new person):
-- - the phone finds a person, else the e-mail; neither makes a new person;
-- - a phone or e-mail nobody has yet is claimed for the person (the contacts' primary key: of
--   two enquiries claiming one new phone at once, the second waits and then joins the first's);
-- - a phone and an e-mail that point to two people merge nothing: the lead joins the phone's
--   person, and the pair goes to Possible duplicates (with `lead`, the lead that showed it);
-- - a new person with a name and city is compared with the people of that name in that city:
--   phones one digit apart make a pair;
-- - a new person takes the id `wanted` when it is given and free (an import keeps the ids of
--   the export it reads).
CREATE FUNCTION find_person(p_phone text, p_email text, p_name text, p_city text, p_at timestamptz, p_lead uuid, p_wanted uuid,
  OUT seen uuid, OUT own uuid)
LANGUAGE plpgsql AS $$
DECLARE
  by_phone uuid;
  by_email uuid;
  phone_seen uuid;
  email_seen uuid;
  made boolean := false;
  claimed text[];
  place text := nullif(p_city, '');
BEGIN
  -- Who the phone and the e-mail belong to, and whom the team sees for each: one look-up.
  SELECT max(c.person_id::text) FILTER (WHERE c.channel = 'phone')::uuid, max(c.person_id::text) FILTER (WHERE c.channel = 'email')::uuid,
    max(coalesce(p.merged_into, p.id)::text) FILTER (WHERE c.channel = 'phone')::uuid,
    max(coalesce(p.merged_into, p.id)::text) FILTER (WHERE c.channel = 'email')::uuid
  INTO by_phone, by_email, phone_seen, email_seen
  FROM person_contacts c JOIN persons p ON p.id = c.person_id
  WHERE (c.channel = 'phone' AND c.value = p_phone) OR (c.channel = 'email' AND c.value = p_email);
  own := coalesce(by_phone, by_email);
  seen := coalesce(phone_seen, email_seen);
  IF own IS NULL THEN
    own := CASE
      WHEN p_wanted IS NOT NULL AND NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = p_wanted)
        AND NOT EXISTS (SELECT 1 FROM person_contacts c WHERE c.person_id = p_wanted) THEN p_wanted
      ELSE gen_random_uuid()
    END;
    seen := own;
    made := true;
  END IF;
  -- The phone and e-mail nobody has yet, claimed for the person in one statement.
  IF (p_phone IS NOT NULL AND by_phone IS NULL) OR (p_email IS NOT NULL AND by_email IS NULL) THEN
    WITH wanted_contacts (channel, value) AS (
      SELECT 'phone', p_phone WHERE p_phone IS NOT NULL AND by_phone IS NULL
      UNION ALL SELECT 'email', p_email WHERE p_email IS NOT NULL AND by_email IS NULL),
    taken AS (
      INSERT INTO person_contacts (channel, value, person_id) SELECT w.channel, w.value, own FROM wanted_contacts w
      ON CONFLICT DO NOTHING RETURNING channel)
    SELECT array_agg(channel) INTO claimed FROM taken;
    IF p_phone IS NOT NULL AND by_phone IS NULL AND NOT ('phone' = ANY(coalesce(claimed, '{}'))) THEN
      -- Another enquiry claimed this phone a moment ago: the phone decides.
      SELECT c.person_id, coalesce(p.merged_into, p.id) INTO own, seen
      FROM person_contacts c JOIN persons p ON p.id = c.person_id WHERE c.channel = 'phone' AND c.value = p_phone;
      made := false;
      IF 'email' = ANY(coalesce(claimed, '{}')) THEN
        -- The e-mail claimed a moment ago for the person not made goes to the phone's.
        UPDATE person_contacts c SET person_id = own WHERE c.channel = 'email' AND c.value = p_email;
      END IF;
    END IF;
    IF p_email IS NOT NULL AND by_email IS NULL AND NOT ('email' = ANY(coalesce(claimed, '{}'))) THEN
      SELECT c.person_id, coalesce(p.merged_into, p.id) INTO by_email, email_seen
      FROM person_contacts c JOIN persons p ON p.id = c.person_id WHERE c.channel = 'email' AND c.value = p_email;
    END IF;
  END IF;
  IF made THEN
    INSERT INTO persons (id, created_at, name_key, city, phone) VALUES (own, p_at, person_name_key(p_name), place, p_phone);
    IF p_phone IS NOT NULL AND place IS NOT NULL THEN
      PERFORM note_person_pair(own, p.id, 'phone-digit', p_at, NULL)
      FROM persons p
      WHERE p.name_key = person_name_key(p_name) AND p.city = place AND p.id <> own AND p.phone <> p_phone
        AND phones_one_digit_apart(p.phone, p_phone);
    END IF;
  END IF;
  IF email_seen IS NOT NULL AND email_seen <> seen THEN
    PERFORM note_person_pair(seen, email_seen, 'email', p_at, p_lead);
  END IF;
END $$;

-- Finds or makes the person of a lead already stored (a release from spam, the backfill) and attaches the lead.
CREATE FUNCTION attach_person(lead uuid, OUT seen uuid, OUT own uuid) LANGUAGE plpgsql AS $$
DECLARE
  l record;
BEGIN
  SELECT id, phone, email, name, fields ->> 'selectedCity' AS city, received_at INTO l FROM leads WHERE id = lead;
  IF l.id IS NULL THEN
    RETURN;
  END IF;
  SELECT f.seen, f.own INTO seen, own FROM find_person(l.phone, l.email, l.name, l.city, l.received_at, l.id, NULL) f;
  UPDATE leads SET person_id = seen, origin_person_id = own WHERE id = lead;
END $$;

-- Attaches leads one after the other, in the order given (an import's, oldest first).

CREATE FUNCTION attach_persons(leads uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lead uuid;
BEGIN
  FOREACH lead IN ARRAY leads LOOP
    PERFORM attach_person(lead);
  END LOOP;
END $$;

-- The backfill: every lead stored so far, oldest first, attached as if it had just arrived.
SELECT attach_persons(array(SELECT id FROM leads WHERE spam IS NULL ORDER BY received_at, id));

-- The consent the leads stored so far were given: the enquiry's (the notice they were shown, in
-- its language). They were never asked about the other two purposes, so those are not granted.
INSERT INTO consent_ledger (person_id, lead_id, purpose, action, at, notice, notice_hash, locale, form)
SELECT l.origin_person_id, l.id, 'enquiry', 'granted', coalesce(l.consent_at, l.received_at), n.version, n.hash,
  coalesce(l.fields ->> 'consentLocale', l.locale), l.page
FROM leads l
LEFT JOIN (VALUES
  ('2026-11-v1', 'en', 'ccc27b30b28b9960f6cead90a4b346294592338c3d1ab80977393b37ce212446'),
  ('2026-11-v1', 'ta', 'b5725f92207c14078903db34af7d924cfcc35fc5e81dcf5de849ff4fec51a241'),
  ('2026-11-v1', 'te', 'fe141d3f8e5e31b3e73ef5c06f84996659c8ee59d0cba4de8f5d5bf3254c9ec4'),
  ('2026-11-v1', 'kn', '6065171b4abe71033516e38c36c8fc0168d7b06e328c9880473ffab35256cf7b'),
  ('2026-11-v2', 'en', 'cce0d1762b0f3ef8702f07088b4c4520566c3a426e28b8141491d14edabd2d5f'),
  ('2026-11-v2', 'ta', '58bd485320bc29a479f9b3f6b6eb8c0fec7d93c58a2514a55ce96e49e0da494e'),
  ('2026-11-v2', 'te', '0a5c0f2e51cff3f7e1499667e6bf1974a7d1faaf52b9d87b957c85ddf7fb4fa1'),
  ('2026-11-v2', 'kn', '5b94b92f2ece8f515c699adf86d606c346e29f5508d6309414fde6f8c46a2b0e')
) AS n (version, locale, hash)
  ON n.version = coalesce(l.fields ->> 'consentNotice', '2026-11-v1') AND n.locale = coalesce(l.fields ->> 'consentLocale', l.locale)
WHERE l.spam IS NULL AND l.kind <> 'privacy'
ORDER BY l.received_at, l.id;

-- Every lead in the inbox belongs to a person (each way in writes the person with the lead, in the
-- same statement); spam to none.
ALTER TABLE leads ADD CONSTRAINT leads_have_a_person CHECK (spam IS NOT NULL OR person_id IS NOT NULL);
