/**
 * Routing for the function tests: team members with their routing settings, Web Push switched on
 * with VAPID keys of the test's own, the push service stand-in (harness/push-service.ts) and a
 * device of a member subscribed at it.
 */
import { afterAll, beforeAll } from 'vitest';
import webPush from 'web-push';
import { withDatabase } from '../../src/server/db/connection.ts';
import { addMember } from '../../src/server/db/team-members.ts';
import { setMemberRouting } from '../../src/server/db/routing.ts';
import { saveSubscription } from '../../src/server/db/push-subscriptions.ts';
import type { MemberRouting } from '../../src/lib/team-api/wire.ts';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '../../harness/push-service.ts';

/** A visitor's own phone and e-mail, different on every call: a person of their own (rule 1 of the assignment keeps one person's leads together). */
export const someone = () => {
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  return { phone: `9${digits}`, email: `visitor.${digits}@example.com` };
};

/** A member of the team with these routing settings; their id and key. */
export const member = async (name: string, routing: Partial<MemberRouting> = {}, role: 'sales' | 'owner' = 'sales') => {
  const added = await withDatabase(() => addMember(name, role, 'test'));
  if (!added) throw new Error(`${name} is on the team already`);
  if (Object.keys(routing).length > 0) await withDatabase(() => setMemberRouting(added.member.id, routing));
  return { id: added.member.id, name, key: added.key };
};

/** Web Push on, with the stand-in push service, for the file's tests; `ready` gets the stand-in. */
export const usePushService = (ready: (service: PushServiceStandIn) => void) => {
  let service: PushServiceStandIn | undefined;
  beforeAll(async () => {
    const keys = webPush.generateVAPIDKeys();
    Object.assign(process.env, {
      WEB_PUSH_PUBLIC_KEY: keys.publicKey,
      WEB_PUSH_PRIVATE_KEY: keys.privateKey,
      WEB_PUSH_SUBJECT: 'mailto:team@example.com',
    });
    service = await startPushService();
    ready(service);
  });
  afterAll(async () => {
    for (const name of ['WEB_PUSH_PUBLIC_KEY', 'WEB_PUSH_PRIVATE_KEY', 'WEB_PUSH_SUBJECT']) delete process.env[name];
    await service?.close();
  });
};

/** A new device of a member (null: the owner's first key), subscribed at the stand-in and stored as the API would. */
export const device = async (service: PushServiceStandIn, memberId: string | null): Promise<StandInSubscription> => {
  const subscription = service.subscribe();
  await withDatabase(() => saveSubscription(memberId, subscription, new Date().toISOString()));
  return subscription;
};
