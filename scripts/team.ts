/**
 * `npm run team`: the people who use the inbox at /leads, each with a key of their own, and what
 * leads they take, on the local database (the one `npm start` serves) or on NETLIFY_DB_URL (a
 * deployed site's).
 *
 *   npm run team -- add <name> --role sales|owner [routing]   adds a person and prints their key, once
 *   npm run team -- set <name> [routing]                      changes what they take
 *   npm run team -- remove <name>                             removes them: their key stops working at once
 *   npm run team -- list                                      the people, their roles and routing, who added them and when
 *   npm run team -- device <name>                             (npm start only) a phone of theirs at the local push
 *                                                             service stand-in: their push alerts land in outbox/push/
 *
 * Routing: --kinds realestate,bankloan,finance,contact,privacy   the kinds they take
 *          --languages ta,en                                       the languages they call in (en, ta, te, kn, hi)
 *          --available on|off                                      off: away, never given a lead
 *          --cap <n>|none                                          at most n leads a day (India's date)
 *
 * Each change goes in the team's log, made by "the team command".
 *
 * `teamCommand(args, io)` is the command itself, returning its exit status: the tests call it in
 * their own process (its output through `io`), and run this file as a process once, as the CLI.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase, transaction, withDatabase } from '../src/server/db/connection.ts';
import { listMembers, removeMemberNamed } from '../src/server/db/team-members.ts';
import { TEAM_ROLES } from '../src/lib/team-api/vocabulary.ts';
import { logTeamAction } from '../src/server/db/team-log.ts';
import { saveSubscription } from '../src/server/db/push-subscriptions.ts';
import { addPerson } from '../src/server/team/people.ts';
import { changeRouting } from '../src/server/team/routing-api.ts';
import { SYSTEM_ACTORS } from '../src/server/team/names.ts';
import { HttpError } from '../src/server/errors.ts';
import { MEMBER_LANGUAGES } from '../src/lib/team-api/vocabulary.ts';
import { ENQUIRY_KINDS } from '../src/lib/enquiry/kinds.ts';
import { pushStandInOrigin } from '../harness/local-push.ts';
import type { StandInSubscription } from '../harness/push-service.ts';

const ROUTING = `[--kinds ${ENQUIRY_KINDS.join(',')}] [--languages ${MEMBER_LANGUAGES.join(',')}] [--available on|off] [--cap <n>|none]`;
const USAGE = `Usage:
  npm run team -- add <name> --role ${TEAM_ROLES.join('|')} ${ROUTING}
  npm run team -- set <name> ${ROUTING}
  npm run team -- remove <name>
  npm run team -- list
  npm run team -- device <name>`;
const BY = SYSTEM_ACTORS.teamCommand;
const OWNER = { id: null, name: BY, role: 'owner' as const };

/** Where the command writes: standard output and error, or a test's lines. */
export interface TeamCommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** `npm run team -- <args>`: runs the command on the project's database; resolves to the exit status. */
export const teamCommand = async (args: string[], io: TeamCommandOutput = console): Promise<number> => {
  const { values, positionals } = parseArgs({
    args,
    options: {
      role: { type: 'string' },
      kinds: { type: 'string' },
      languages: { type: 'string' },
      available: { type: 'string' },
      cap: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [command, ...words] = positionals;
  const name = words.join(' ').trim();

  /** The routing flags as the API's body: lists split on commas, on/off as true/false, none as no cap. */
  const routingFlags = () => {
    const list = (value: string | undefined) =>
      value === undefined
        ? undefined
        : value
            .split(',')
            .map((one) => one.trim())
            .filter(Boolean);
    const available =
      values.available === undefined ? undefined : values.available === 'on' ? true : values.available === 'off' ? false : values.available;
    const cap =
      values.cap === undefined ? undefined : values.cap === 'none' ? null : /^\d+$/.test(values.cap) ? Number(values.cap) : values.cap;
    return Object.fromEntries(
      Object.entries({ kinds: list(values.kinds), languages: list(values.languages), available, dailyCap: cap }).filter(
        ([, value]) => value !== undefined,
      ),
    );
  };
  const hasRouting = Object.keys(routingFlags()).length > 0;
  const valid =
    (command === 'add' && name && values.role !== undefined) ||
    (command === 'set' && name && hasRouting) ||
    ((command === 'remove' || command === 'device') && name && !hasRouting) ||
    (command === 'list' && !name);
  if (!valid) {
    io.error(USAGE);
    return 2;
  }

  const routingText = (m: { kinds: string[]; languages: string[]; available: boolean; dailyCap: number | null }) =>
    `takes ${m.kinds.join(',') || 'nothing'}\tcalls in ${m.languages.join(',')}\t${m.available ? 'available' : 'away'}\t${m.dailyCap === null ? 'no cap' : `cap ${m.dailyCap} a day`}`;

  const memberNamed = async (wanted: string) => {
    const found = (await listMembers()).find((member) => member.name.toLowerCase() === wanted.toLowerCase());
    if (!found) throw new HttpError(404, `Nobody called ${wanted} is on the team.`);
    return found;
  };

  let status = 0;
  const database = await openProjectDatabase();
  try {
    await withDatabase(async () => {
      if (command === 'add') {
        const { member, key } = await addPerson(OWNER, { name, role: values.role, ...routingFlags() });
        io.log(`Added ${member.name} (${member.role}): ${routingText(member)}.`);
        io.log(`Their key, shown this once; give it to them privately:\n\n  ${key}\n`);
      } else if (command === 'set') {
        const member = await memberNamed(name);
        await changeRouting(OWNER, member.id, routingFlags());
        io.log(`${member.name}: ${routingText(await memberNamed(name))}.`);
      } else if (command === 'remove') {
        const removed = await transaction(async () => {
          const gone = await removeMemberNamed(name);
          if (gone) await logTeamAction(BY, 'remove-member', null, { name: gone.name, role: gone.role });
          return gone;
        });
        if (!removed) {
          io.error(`Nobody called ${name} is on the team.`);
          status = 1;
        } else io.log(`Removed ${removed.name} (${removed.role}). Their key no longer works.`);
      } else if (command === 'device') {
        const member = await memberNamed(name);
        const origin = pushStandInOrigin();
        const response = await fetch(`${origin}/devices`, { method: 'POST' }).catch(() => null);
        if (!response?.ok) throw new HttpError(503, `The push service stand-in does not answer at ${origin}: is npm start running?`);
        await saveSubscription(member.id, (await response.json()) as StandInSubscription, new Date().toISOString());
        io.log(`${member.name} has a phone at the push stand-in (${origin}): their alerts land in outbox/push/.`);
      } else {
        const members = await listMembers();
        if (members.length === 0) io.log('Nobody yet: only the owner’s first key (LEADS_OWNER_TOKEN) works.');
        for (const m of members) io.log(`${m.name}\t${m.role}\t${routingText(m)}\tadded ${m.addedAt.slice(0, 10)} by ${m.addedBy}`);
      }
    }, 60_000);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const fields = error.fields ? Object.values(error.fields).join('; ') : '';
    io.error(`${error.message}${fields ? ` ${fields}.` : ''}\n${USAGE}`);
    status = 2;
  } finally {
    await closeDatabase();
    await database.close();
  }
  return status;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await teamCommand(process.argv.slice(2));
