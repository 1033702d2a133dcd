/**
 * The linked state and city fields of the property and loan enquiries. Kept apart from the
 * common field rules so that a form without a location (finance, contact) does not ship the
 * city list.
 */
import * as z from 'zod/mini';
import { STATES, isCityOf } from '../../data/locations.ts';
import { choice } from './field-rules.ts';
import { m } from './messages.ts';

/** selectedState / selectedCity; pair with `checkCityOfState` on the object. */
export const locationFields = {
  selectedState: choice(STATES, m('state')),
  selectedCity: z.string({ error: m('city') }).check(z.trim(), z.minLength(1, m('city'))),
};

interface IssueSink {
  addIssue(issue: { code: 'custom'; path: string[]; message: string; params?: Record<string, unknown>; input?: unknown }): void;
}

/** Object-level rule: the chosen city must belong to the chosen state (error on selectedCity). */
export const checkCityOfState = (value: { selectedState?: unknown; selectedCity?: unknown }, ctx: IssueSink) => {
  const { selectedState: state, selectedCity: city } = value;
  if (typeof state !== 'string' || !(STATES as readonly string[]).includes(state)) return;
  if (typeof city !== 'string' || city.trim() === '') return; // already reported as "Choose a city"
  if (!isCityOf(state, city.trim())) {
    ctx.addIssue({ code: 'custom', path: ['selectedCity'], message: m('cityOfState'), params: { state }, input: city });
  }
};
