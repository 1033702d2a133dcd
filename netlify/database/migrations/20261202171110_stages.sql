-- Each division's own stages (issue 41; named in src/lib/team-api/stages.ts): a lead's status is
-- its stage, one of its division's. Real estate: new, contacted, site-visit, negotiation, won,
-- lost. Loans: new, contacted, documents, sent-to-lender, sanctioned, won (disbursed), lost.
-- Financial planning: new, contacted, meeting, proposal, won (invested), lost. Contact messages
-- and privacy requests: new, contacted, closed.
-- Never edit this file once it is on main: a change is a new migration.

-- The old statuses of property, loan and planning leads are stages of theirs as they are (won
-- and lost stay the outcomes Insights reads). A contact message or privacy request that was won
-- or lost is closed now: the change is a line of its history, which says what it was; every
-- earlier line stays as it was.
ALTER TABLE leads DROP CONSTRAINT leads_status_check;

WITH moved AS (
  UPDATE leads l SET status = 'closed', version = l.version + 1
  FROM (SELECT id, status FROM leads WHERE kind IN ('contact', 'privacy') AND status IN ('won', 'lost')) o
  WHERE l.id = o.id
  RETURNING l.id, l.note, o.status AS was)
INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note, detail)
SELECT id, now(), 'The change to stages', 'closed', note, 'was ' || was FROM moved;

-- Every stage of every division, and only its own division's on a lead.
ALTER TABLE leads ADD CONSTRAINT leads_status_check CHECK (
  status IN ('new', 'contacted')
  OR (kind = 'realestate' AND status IN ('site-visit', 'negotiation', 'won', 'lost'))
  OR (kind = 'bankloan' AND status IN ('documents', 'sent-to-lender', 'sanctioned', 'won', 'lost'))
  OR (kind = 'finance' AND status IN ('meeting', 'proposal', 'won', 'lost'))
  OR (kind IN ('contact', 'privacy') AND status = 'closed'));
