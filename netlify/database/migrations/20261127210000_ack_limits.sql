-- The visitor's acknowledgements, counted per UTC day: one row per mailbox that had one, keyed by
-- an HMAC of its normalised address with the server's secret (never the address itself), with
-- the recipient domain the daily caps count by. Deleted after a few days by the retention job.
CREATE TABLE ack_mailboxes (
  day date NOT NULL,
  mailbox text NOT NULL,
  domain text NOT NULL,
  PRIMARY KEY (day, mailbox)
);
CREATE INDEX ack_mailboxes_domain ON ack_mailboxes (day, domain);

-- A day on which a cap paused the acknowledgements: the whole site's ('site') or one recipient
-- domain's ('domain:<domain>'). Told to the team once, in its next e-mail.
CREATE TABLE ack_pauses (
  day date NOT NULL,
  scope text NOT NULL,
  paused_at timestamptz NOT NULL DEFAULT now(),
  told_team_at timestamptz,
  PRIMARY KEY (day, scope)
);
CREATE INDEX ack_pauses_untold ON ack_pauses (paused_at) WHERE told_team_at IS NULL;
