-- The client each acknowledgement was for (an HMAC of its IPv4 address or IPv6 /64, never the
-- address), so one client gets at most a few a day (src/server/intake/daily-limits.ts).
ALTER TABLE ack_mailboxes ADD COLUMN client text;
CREATE INDEX ack_mailboxes_client ON ack_mailboxes (day, client) WHERE client IS NOT NULL;
