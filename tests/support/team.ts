/** Team members for the function tests: a person of each name, added once per test, and their key. */
import leads from '../../netlify/functions/leads.mts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { addMember } from '../../src/server/db/team-members.ts';
import type { TeamRole } from '../../src/lib/team-api/vocabulary.ts';

/** Keys by name; `forget()` empties it when the database is emptied (before each test). */
export const teamKeys = () => {
  const keys = new Map<string, string>();
  return {
    async keyOf(name: string, role: TeamRole = 'sales'): Promise<string> {
      if (!keys.has(name)) {
        const added = await withDatabase(() => addMember(name, role, 'test'));
        if (!added) throw new Error(`${name} is on the team already`);
        keys.set(name, added.key);
      }
      return keys.get(name) as string;
    },
    forget: () => keys.clear(),
  };
};

/** A team call's answer: its status, headers and body (parsed JSON, else the text: CSV or empty). */
export const answerOf = async (response: Response) => {
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* CSV or empty */
  }
  return { status: response.status, headers: response.headers, body };
};

/** One call to /api/leads… with a key (a body is JSON), from a client address as Netlify reports it (context.ip). */
export const teamCall = async (path: string, key: string, init: RequestInit & { ip?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${key}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers }), { ip: init.ip ?? '203.0.113.7' }));
};
