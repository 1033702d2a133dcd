/**
 * The lead's next follow-up, in one tap: the quick picks the server worked out in working time
 * (later today, tomorrow morning, in 3 days, in a week), a date and time of one's own, or (when the
 * lead has one) as it is. Radio buttons in a fieldset, so the keyboard and screen readers take it
 * as one choice; `value()` gives what was picked (undefined: as it is).
 */
import { useState } from 'react';
import type { LeadView } from '../../lib/team-api/wire.ts';
import { when } from './words.ts';

export type FollowUpPicks = LeadView['followUpPicks'];
type Pick = 'keep' | keyof FollowUpPicks | 'other';

const PICK_NAMES: Record<keyof FollowUpPicks, string> = {
  laterToday: 'Later today',
  tomorrowMorning: 'Tomorrow morning',
  inThreeDays: 'In 3 days',
  inAWeek: 'In a week',
};

interface Props {
  /** The ids in the page start with this. */
  id: string;
  picks: FollowUpPicks;
  /** The lead's follow-up now, if it has one (then "as it is" comes first). */
  current?: string;
  onChange: (value: string | undefined) => void;
}

/** The ISO time a pick stands for (undefined: as it is, or no time typed yet). */
const valueOf = (pick: Pick, picks: FollowUpPicks, own: string): string | undefined => {
  if (pick === 'keep') return undefined;
  if (pick === 'other') return own && Number.isFinite(Date.parse(own)) ? new Date(own).toISOString() : undefined;
  return picks[pick] ?? undefined;
};

export function FollowUpPicker({ id, picks, current, onChange }: Props) {
  const [pick, setPick] = useState<Pick>(current ? 'keep' : 'tomorrowMorning');
  const [own, setOwn] = useState('');
  const choose = (next: Pick, typed = own) => {
    setPick(next);
    onChange(valueOf(next, picks, typed));
  };
  const options: [Pick, string][] = [
    ...(current ? [['keep', `As it is: ${when(current)}`] as [Pick, string]] : []),
    ...(Object.keys(PICK_NAMES) as (keyof FollowUpPicks)[]).flatMap((name): [Pick, string][] =>
      picks[name] ? [[name, `${PICK_NAMES[name]} (${when(picks[name])})`]] : [],
    ),
    ['other', 'A date and time'],
  ];
  return (
    <fieldset className="inbox-follow-up">
      <legend>Next follow-up</legend>
      {options.map(([value, label]) => (
        <label key={value} className="inbox-follow-up__pick">
          <input type="radio" name={`${id}-pick`} value={value} checked={pick === value} onChange={() => choose(value)} /> {label}
        </label>
      ))}
      {pick === 'other' && (
        <>
          <label htmlFor={`${id}-when`}>Date and time</label>
          <input
            id={`${id}-when`}
            type="datetime-local"
            value={own}
            onChange={(event) => {
              setOwn(event.target.value);
              choose('other', event.target.value);
            }}
          />
        </>
      )}
    </fieldset>
  );
}
