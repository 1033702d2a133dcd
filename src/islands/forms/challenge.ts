/**
 * The spam challenge's client: GET /api/<kind> answers a signed challenge, the least time a
 * person takes to fill the form, and how long the challenge is good for. The form fetches one when
 * it wakes (the time it was issued is the fill time), renews it for a page left open, and sends it
 * with the enquiry; a challenge serves one enquiry.
 */
import { useEffect, useRef } from 'react';
import { fetchChallenge, type Challenge } from './submit.ts';

/** Renewed well before the server's limit (2 hours), for a page left open. */
const CHALLENGE_RENEW_MS = 60 * 60 * 1000;
/** A challenge this close to its limit is not sent: a fresh one is fetched instead. */
const CHALLENGE_MARGIN_MS = 10 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The form's challenge: fetched after hydration and renewed every hour. `proof()` gives the one to
 * send: the one fetched when the form opened or, if that failed or the form was left open so long
 * that it is near its limit (a laptop that slept), one fetched now; either way after the least fill
 * time has passed (the wait shows as "Sending…"). `renew()` fetches the next enquiry's own.
 */
export function useChallenge(endpoint: string) {
  const challenge = useRef<Promise<Challenge | null> | null>(null);
  useEffect(() => {
    challenge.current = fetchChallenge(endpoint);
    const renew = window.setInterval(() => {
      const next = fetchChallenge(endpoint);
      // Keep the older one until the new one has aged past the minimum fill time.
      void next.then((fresh) => {
        if (fresh)
          window.setTimeout(() => {
            challenge.current = next;
          }, fresh.minFillMs);
      });
    }, CHALLENGE_RENEW_MS);
    return () => window.clearInterval(renew);
  }, [endpoint]);

  const proof = async (): Promise<Challenge | null> => {
    let found = await challenge.current;
    if (!found || Date.now() - found.receivedOn > found.maxAgeMs - CHALLENGE_MARGIN_MS) {
      challenge.current = fetchChallenge(endpoint);
      found = await challenge.current;
    }
    if (found) await sleep(Math.max(0, found.minFillMs - (performance.now() - found.receivedAt)));
    return found;
  };
  const renew = () => {
    challenge.current = fetchChallenge(endpoint);
  };
  return { proof, renew };
}
