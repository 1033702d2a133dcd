/**
 * One lead as the inbox works it: read with its photos, its status and note changed (a change made
 * on an old version is refused, and the colleague's version shown instead), moved out of spam, or
 * erased; with the person's other open enquiries and the leads that repeat it. Moving and erasing close the lead with a sentence for the list.
 */
import { useEffect, useState } from 'react';
import { ApiError, changeLead, eraseLead, photoUrl, readLead, releaseLead, type Session } from './api.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { LeadEnvelope, LeadView, WorkChange } from '../../lib/team-api/wire.ts';

export function useLead(session: Session, id: string, onClose: (message?: string) => void) {
  const [lead, setLead] = useState<LeadRecord | null>(null);
  const [etag, setEtag] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const [person, setPerson] = useState<Pick<
    LeadView,
    'alsoWith' | 'enquiredAgain' | 'attempts' | 'followUpPicks' | 'persistence' | 'whatsapp'
  > | null>(null);
  const show = (version: LeadEnvelope) => {
    setLead(version.lead);
    setEtag(version.etag);
  };

  useEffect(() => {
    let live = true;
    readLead(session, id)
      .then(async (version) => {
        if (!live) return;
        show(version);
        setPerson({
          alsoWith: version.alsoWith,
          enquiredAgain: version.enquiredAgain,
          attempts: version.attempts,
          followUpPicks: version.followUpPicks,
          persistence: version.persistence,
          whatsapp: version.whatsapp,
        });
        const urls = await Promise.all((version.lead.photos ?? []).map((key) => photoUrl(session, key).catch(() => '')));
        if (live) setPhotos(urls.filter(Boolean));
      })
      .catch(() => live && setProblem('This lead could not be loaded. It may have been erased.'));
    return () => {
      live = false;
    };
  }, [session, id]);

  const save = async (change: WorkChange) => {
    setBusy(true);
    setProblem('');
    setSaved('');
    try {
      show(await changeLead(session, id, etag, change));
      setSaved('Saved.');
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        // Someone else's change stands: show it, and let this person decide again.
        const { lead: now, etag: nowEtag } = error.body;
        if (now && nowEtag) show({ lead: now, etag: nowEtag });
      }
      setProblem(error instanceof ApiError ? error.message : 'The change could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  };

  /** Runs a change that takes the lead out of this view, then closes it with `done`. */
  const closeAfter = async (change: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await change();
      onClose(done);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : failed);
      setBusy(false);
    }
  };
  const release = () =>
    closeAfter(
      () => releaseLead(session, id),
      'Moved to the leads, and the team was e-mailed about it.',
      'It could not be moved. Try again.',
    );
  const erase = () => closeAfter(() => eraseLead(session, id), 'The lead was erased.', 'It could not be erased. Try again.');

  return { lead, etag, photos, problem, saved, busy, save, release, erase, show, view: person };
}
