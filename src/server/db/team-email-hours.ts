/**
 * The site's team e-mails counted per UTC hour (table team_email_hours), so that random phone
 * numbers cannot use up the e-mail quota the team's notifications need: outbound/team-email.ts
 * takes a place in the hour before each send. Forgotten by the retention job after two days.
 */
import { query, queryOne } from './connection.ts';

/** The start of the UTC hour of `at`, and of the next. */
export const hourOf = (at: Date) => {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCHours()));
  return { start: start.toISOString(), next: new Date(start.getTime() + 3_600_000).toISOString() };
};

/**
 * Takes the next place in the hour, in one statement (parallel sends count one by one): the
 * place's number, 1 for the hour's first e-mail. Past the budget the number is over it.
 */
export const takeTeamEmailPlace = async (hour: string): Promise<number> =>
  (
    await queryOne<{ sent: number }>(
      `INSERT INTO team_email_hours (hour, sent) VALUES ($1, 1)
       ON CONFLICT (hour) DO UPDATE SET sent = team_email_hours.sent + 1 RETURNING sent`,
      [hour],
    )
  )?.sent ?? 1;

/** Forgets the hours before `before`; returns how many went. */
export const deleteTeamEmailHoursBefore = async (before: string): Promise<number> =>
  (await query('DELETE FROM team_email_hours WHERE hour < $1 RETURNING 1', [before])).length;
