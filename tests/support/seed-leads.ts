/**
 * Leads written straight into a test database at chosen times, with their history: the seeded
 * figures of the owner's insights and the morning digest are counted by hand from these.
 */

export interface SeedLead {
  id: string;
  kind: string;
  /** When it arrived (an ISO instant). */
  at: string;
  locale?: string;
  name?: string;
  spam?: string;
  utm_source?: string;
  utm_campaign?: string;
  landing_path?: string;
  referrer?: string;
  callTime?: string;
  status?: string;
  /** Each change of its status: what it became, when, by whom. */
  history?: [status: string, at: string, by: string][];
  /** Routing: who has it since when, when its first contact was due, and when it was made (if it was). */
  assignee?: { name: string; at: string; dueAt: string; contactedAt?: string };
}

type Rows = (sql: string, params?: unknown[]) => Promise<unknown[]>;

/** An instant written in India's time, "2026-11-28T18:00". */
export const IST = (local: string) => `${local}+05:30`;

export const seedLead = async (rows: Rows, lead: SeedLead) => {
  await rows(
    // A lead in the inbox belongs to a person (the database's find_person, as every way in does); spam to none.
    `INSERT INTO leads (id, kind, received_at, page, via, locale, name, spam, utm_source, utm_campaign, landing_path, referrer, fields, status,
       person_id, origin_person_id)
     SELECT $1, $2, $3, '/Contact', 'js', $4, $5, $6, $7, $8, $9, $10, $11, $12, f.seen, f.own
     FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT * FROM find_person(NULL, NULL, $5, NULL, $3::timestamptz, $1::uuid, NULL) WHERE $6::text IS NULL) f ON true`,
    [
      lead.id,
      lead.kind,
      lead.at,
      lead.locale ?? 'en',
      lead.name ?? 'Visitor',
      lead.spam ?? null,
      lead.utm_source ?? null,
      lead.utm_campaign ?? null,
      lead.landing_path ?? null,
      lead.referrer ?? null,
      JSON.stringify(lead.callTime ? { callTime: lead.callTime } : {}),
      lead.status ?? 'new',
    ],
  );
  if (lead.assignee)
    await rows(
      `UPDATE leads SET assignee_name = $2, assigned_at = $3, first_contact_due_at = $4, first_contact_at = $5,
         first_contact_assigned_at = CASE WHEN $5::timestamptz IS NULL THEN NULL ELSE $3::timestamptz END WHERE id = $1`,
      [lead.id, lead.assignee.name, lead.assignee.at, lead.assignee.dueAt, lead.assignee.contactedAt ?? null],
    );
  for (const [status, at, by] of lead.history ?? [])
    await rows(`INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note) VALUES ($1, $2, $3, $4, '')`, [
      lead.id,
      at,
      by,
      status,
    ]);
};
