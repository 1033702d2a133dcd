/**
 * The inbox's calls about one person across the group: referring a lead's person to another
 * division (/api/leads/<id>/referrals) and /api/people (their page; the owner's consent CSV,
 * erasure, Possible duplicates, merge and undo), through api.ts's one typed call.
 */
import type { DuplicatesPage, MergeAnswer, PersonPage, Referral, ReferralAnswer } from '../../lib/team-api/wire.ts';
import { call, json, request, type Session } from './api.ts';

/** Refers the lead's person to another division: a new lead of that kind (409 when they did not agree). */
export const referLead = (session: Session, id: string, referral: Referral) =>
  call<ReferralAnswer>(session, `/api/leads/${id}/referrals`, json('POST', referral));

/** One person across the group (/api/people): their enquiries, consent, timeline and merges. */
export const readPerson = (session: Session, id: string) => call<PersonPage>(session, `/api/people/${id}`);

/** The owner's: the person's consent history as CSV, erasing the person, Possible duplicates, merge and undo. */
export const downloadConsentCsv = async (session: Session, id: string): Promise<Blob> =>
  (await request(session, `/api/people/${id}/consent.csv`)).blob();

export const erasePerson = async (session: Session, id: string) => {
  await request(session, `/api/people/${id}`, { method: 'DELETE' });
};

export const readDuplicates = (session: Session, before = '') =>
  call<DuplicatesPage>(session, `/api/people/duplicates${before ? `?before=${encodeURIComponent(before)}` : ''}`);

export const dismissPair = async (session: Session, a: string, b: string) => {
  await request(session, '/api/people/duplicates/dismiss', json('POST', { a, b }));
};

export const mergePersons = (session: Session, pair: { kept: string; merged: string }) =>
  call<MergeAnswer>(session, '/api/people/merges', json('POST', pair));

export const undoMerge = (session: Session, id: string) => call<MergeAnswer>(session, `/api/people/merges/${id}/undo`, { method: 'POST' });
