-- Each team member signs in with a key of their own. The key is shown once when the owner adds
-- the person; only its SHA-256 is kept (a key is 256 random bits, so a hash cannot be reversed by
-- guessing). Removing a person deletes the row: their key stops working at once.
-- LEADS_EXPORT_TOKEN stays the owner's first key and has no row here.
CREATE TABLE team_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The name recorded with every change the person makes.
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  role text NOT NULL CHECK (role IN ('sales', 'owner')),
  key_hash text NOT NULL UNIQUE,
  added_at timestamptz NOT NULL DEFAULT now(),
  added_by text NOT NULL
);
-- One person of a name at a time, whatever its case: the log's names stay unambiguous.
CREATE UNIQUE INDEX team_members_name ON team_members (lower(name));

-- Wrong keys per client (an HMAC of its address, never the address): failures in the current
-- 10-minute window, and until when the client is locked out after too many.
CREATE TABLE sign_in_failures (
  client text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  failures integer NOT NULL,
  locked_until timestamptz
);
