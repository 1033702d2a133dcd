-- The team's e-mails counted per UTC hour for the whole site (LEADS_TEAM_EMAIL_HOURLY_CAP): past
-- the budget, a lead's own team e-mail is not sent; the first over it waits for the next hour and
-- then lists the others (src/server/outbound/team-email.ts). The retention job forgets old hours.
CREATE TABLE team_email_hours (
  hour timestamptz PRIMARY KEY,
  sent integer NOT NULL
);
-- The over-budget team e-mails not yet listed in a sent one, oldest first.
CREATE INDEX deliveries_over_budget ON deliveries (created_at) WHERE channel = 'team' AND state = 'skipped' AND skipped = 'hourly-budget';
