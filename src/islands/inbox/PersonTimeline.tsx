/** A person's timeline, newest first: enquiries, status changes and notes, attempts to reach them, referrals, merges, withdrawals and their texts on WhatsApp, with who and when. */
import {
  ATTEMPT_CHANNEL_NAMES,
  ATTEMPT_OUTCOME_NAMES,
  KIND_NAMES,
  kindNames,
  type AttemptChannel,
  type AttemptOutcome,
} from '../../lib/team-api/vocabulary.ts';
import type { PersonPage } from '../../lib/team-api/wire.ts';
import { PURPOSE_NAMES, when } from './words.ts';

type Entry = PersonPage['timeline'][number];

/** What happened, in one line. */
const describe = (entry: Entry): string => {
  const lead = entry.kind ? KIND_NAMES[entry.kind].lead : 'enquiry';
  switch (entry.what) {
    case 'enquiry':
      return entry.by === 'the visitor' ? `Sent a ${lead.toLowerCase()}` : `${entry.by} made a ${lead.toLowerCase()} (a referral)`;
    case 'work':
      return `${entry.by} set the ${lead.toLowerCase()} to ${entry.status ?? 'new'}${entry.note ? `: “${entry.note}”` : ''}`;
    case 'attempt': {
      const channel = ATTEMPT_CHANNEL_NAMES[entry.detail?.channel as AttemptChannel] ?? 'Attempt';
      const outcome = ATTEMPT_OUTCOME_NAMES[entry.detail?.outcome as AttemptOutcome] ?? '';
      const back = entry.detail?.callBackAt ? ` ${when(entry.detail.callBackAt)}` : '';
      return `${entry.by}, ${channel.toLowerCase()} about the ${lead.toLowerCase()}: ${outcome.replace('…', '')}${back}${entry.detail?.note ? ` (“${entry.detail.note}”)` : ''}`;
    }
    case 'referral':
      return `${entry.by} referred them to ${kindNames(entry.detail?.kind ?? '').division}`;
    case 'merge':
      return `${entry.by} merged another person into this one`;
    case 'unmerge':
      return `${entry.by} undid a merge`;
    case 'withdrawal': {
      const purpose = entry.detail?.purpose as keyof typeof PURPOSE_NAMES | undefined;
      return `Withdrew: ${purpose ? PURPOSE_NAMES[purpose] : 'consent'}${entry.detail?.form === 'withdrawal-link' ? ' (by the link in our e-mail)' : ''}`;
    }
    case 'whatsapp':
      return `Wrote on WhatsApp: “${entry.detail?.text ?? ''}”`;
    default:
      return entry.by;
  }
};

export function PersonTimeline({ timeline }: { timeline: readonly Entry[] }) {
  return (
    <section aria-labelledby="person-timeline">
      <h2 id="person-timeline">Timeline</h2>
      <ol className="inbox-timeline">
        {timeline.map((entry, i) => (
          <li key={`${entry.at}-${i}`}>
            <time dateTime={entry.at}>{when(entry.at)}</time> {describe(entry)}
          </li>
        ))}
      </ol>
    </section>
  );
}
