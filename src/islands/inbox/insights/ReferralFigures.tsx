/** Insights' referrals between divisions: made, contacted and won, by pair of divisions and by referrer. */
import { BarChart, PALETTE } from './charts.tsx';
import { FigureBlock } from './FigureBlock.tsx';
import { kindNames } from '../../../lib/team-api/vocabulary.ts';
import type { Insights } from '../../../lib/team-api/wire.ts';

const SERIES = [
  { name: 'Referred', colour: PALETTE[0], outlined: false },
  { name: 'Contacted', colour: PALETTE[1], outlined: true },
  { name: 'Won', colour: PALETTE[2], outlined: false },
];

export function ReferralFigures({ data, file }: { data: Insights; file: (name: string) => string }) {
  const { byPair, byReferrer } = data.referrals;
  const pairName = (from: string | null, to: string) =>
    `${from ? kindNames(from).division : 'Another division'} → ${kindNames(to).division}`;
  const note = 'Leads one division referred to another for the same person (only when the person agreed), and what came of them.';
  return (
    <>
      <FigureBlock
        id="insights-referrals"
        title="Referrals between divisions"
        note={note}
        chart={
          byPair.length > 0 && (
            <BarChart
              label="Referrals by pair of divisions: referred, contacted and won; the numbers are in the table below."
              rows={byPair.map((row) => ({ label: pairName(row.from, row.to), values: [row.created, row.contacted, row.won] }))}
              series={SERIES}
            />
          )
        }
        columns={['From → to', 'Referred', 'Contacted', 'Won']}
        rows={byPair.map((row) => [pairName(row.from, row.to), row.created, row.contacted, row.won])}
        file={file('referrals')}
      />
      <FigureBlock
        id="insights-referrers"
        title="Referrals by who made them"
        columns={['Referred by', 'Referred', 'Contacted', 'Won']}
        rows={byReferrer.map((row) => [row.referrer, row.created, row.contacted, row.won])}
        file={file('referrers')}
      />
    </>
  );
}
