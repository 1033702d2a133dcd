-- WhatsApp (src/server/outbound/whatsapp.ts): a channel of the one retry machine, like the
-- e-mails, the webhook and push. Meta's message id (`wamid`) is kept on the delivery, and the
-- statuses Meta's webhook reports for it (/api/whatsapp): sent, delivered, read, failed, never
-- moving backwards (read stays read), each with when it came.
-- Never edit this file once it is on main: a change is a new migration.
ALTER TABLE deliveries DROP CONSTRAINT deliveries_channel_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_channel_check
  CHECK (channel IN ('team', 'ack', 'webhook', 'push', 'escalation', 'whatsapp'));
ALTER TABLE deliveries ADD COLUMN wamid text;
ALTER TABLE deliveries ADD COLUMN wa_status text CHECK (wa_status IN ('sent', 'delivered', 'read', 'failed'));
ALTER TABLE deliveries ADD COLUMN wa_status_at timestamptz;
CREATE UNIQUE INDEX deliveries_wamid ON deliveries (wamid) WHERE wamid IS NOT NULL;

-- The WhatsApp acknowledgements of each UTC day: one row per number that had one (an HMAC of the
-- number with the server's secret, never the number), so a number gets at most one a day and the
-- site at most WHATSAPP_DAILY_CAP. Deleted after a few days by the retention job.
CREATE TABLE whatsapp_days (
  day date NOT NULL,
  number text NOT NULL,
  PRIMARY KEY (day, number)
);
