/**
 * `npm run team`: the people who use the inbox at /leads, each with a key of their own, on the
 * local database (the one `npm start` serves) or on NETLIFY_DB_URL (a deployed site's).
 *
 *   npm run team -- add <name> --role sales|owner   adds a person and prints their key, once
 *   npm run team -- remove <name>                   removes them: their key stops working at once
 *   npm run team -- list                            the people, their roles, who added them and when
 *
 * Each addition and removal goes in the team's log, made by "the team command".
 */
import { parseArgs } from 'node:util';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase, transaction, withDatabase } from '../src/server/db/connection.ts';
import { listMembers, removeMemberNamed } from '../src/server/db/team-members.ts';
import { TEAM_ROLES } from '../src/lib/team-api/vocabulary.ts';
import { logTeamAction } from '../src/server/db/team-log.ts';
import { addPerson } from '../src/server/team/people.ts';
import { SYSTEM_ACTORS } from '../src/server/team/names.ts';
import { HttpError } from '../src/server/errors.ts';

const USAGE = `Usage:
  npm run team -- add <name> --role ${TEAM_ROLES.join('|')}
  npm run team -- remove <name>
  npm run team -- list`;
const BY = SYSTEM_ACTORS.teamCommand;

const { values, positionals } = parseArgs({ options: { role: { type: 'string' } }, allowPositionals: true });
const [command, ...words] = positionals;
const name = words.join(' ').trim();
const valid = (command === 'add' && name && values.role !== undefined) || (command === 'remove' && name) || (command === 'list' && !name);
if (!valid) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openProjectDatabase();
try {
  await withDatabase(async () => {
    if (command === 'add') {
      const { member, key } = await addPerson({ id: null, name: BY, role: 'owner' }, { name, role: values.role });
      console.log(`Added ${member.name} (${member.role}). Their key, shown this once; give it to them privately:\n\n  ${key}\n`);
    } else if (command === 'remove') {
      const removed = await transaction(async () => {
        const gone = await removeMemberNamed(name);
        if (gone) await logTeamAction(BY, 'remove-member', null, { name: gone.name, role: gone.role });
        return gone;
      });
      if (!removed) {
        console.error(`Nobody called ${name} is on the team.`);
        process.exitCode = 1;
      } else console.log(`Removed ${removed.name} (${removed.role}). Their key no longer works.`);
    } else {
      const members = await listMembers();
      if (members.length === 0) console.log('Nobody yet: only the owner’s first key (LEADS_OWNER_TOKEN) works.');
      for (const m of members) console.log(`${m.name}\t${m.role}\tadded ${m.addedAt.slice(0, 10)} by ${m.addedBy}`);
    }
  }, 60_000);
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  const fields = error.fields ? Object.values(error.fields).join('; ') : '';
  console.error(`${error.message}${fields ? ` ${fields}.` : ''}\n${USAGE}`);
  process.exitCode = 2;
} finally {
  await closeDatabase();
  await database.close();
}
