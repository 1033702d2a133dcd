-- The team on WhatsApp, when push cannot reach them (src/server/outbound/team-alert.ts): a member's
-- own WhatsApp number (the 10 digits of an Indian mobile) and when they opted in to alerts there
-- (null: not opted in). Set by the member on the inbox's Team page (PUT /api/leads/whatsapp).
-- Never edit this file once it is on main: a change is a new migration.
ALTER TABLE team_members ADD COLUMN whatsapp_number text CHECK (whatsapp_number ~ '^[6-9][0-9]{9}$');
ALTER TABLE team_members ADD COLUMN whatsapp_opted_in_at timestamptz;
