/** Insights over time and by who: leads per week, and the speed of first contact by division, person and week. */
import { ENQUIRY_KINDS } from '../../../lib/enquiry/kinds.ts';
import { BarChart, DASHES, LineChart, PALETTE, type Series } from './charts.tsx';
import { FigureBlock } from './FigureBlock.tsx';
import { KIND_NAMES, durationText } from '../../../lib/team-api/vocabulary.ts';
import type { Insights, Speed } from '../../../lib/team-api/wire.ts';
import { percent, shortDate } from './figures.ts';

const solid = (name: string, colour: string): Series => ({ name, colour, outlined: false });
const outlined = (name: string, colour: string): Series => ({ name, colour, outlined: true });
const minutes = (value: number) => durationText(Math.round(value));
/** An axis's working minutes, short: "45 min", "2.5 h". */
const hours = (value: number) => (value < 60 ? `${Math.round(value)} min` : `${Number((value / 60).toFixed(1))} h`);
/** A speed row's table cells: median, 90th percentile, and the shares within 1 working hour and the same working day. */
const speedCells = (row: Pick<Speed, 'medianMinutes' | 'p90Minutes' | 'withinHourShare' | 'sameDayShare'>) => [
  durationText(row.medianMinutes),
  durationText(row.p90Minutes),
  percent(row.withinHourShare),
  percent(row.sameDayShare),
];
/** "Monday, …, Saturday, 09:30–18:30, India time". */
export const officeText = (data: Insights) =>
  `${data.officeHours.days.join(', ')}, ${data.officeHours.opens}–${data.officeHours.closes}, India time`;

export function TimeFigures({ data, file }: { data: Insights; file: (name: string) => string }) {
  const speed = data.firstContact;
  const weekLabels = data.weeks.map((week) => shortDate(week.week));
  const weekSeries: Series[] = [
    ...ENQUIRY_KINDS.map((kind, n) => ({ name: KIND_NAMES[kind].division, colour: PALETTE[n], dash: DASHES[n] })),
    { name: 'Spam', colour: PALETTE[5], dash: DASHES[5] },
  ];
  const speedColumns = ['Leads', 'Contacted', 'Median', '90th percentile', 'Within 1 working hour', 'Same working day'];
  return (
    <>
      <FigureBlock
        id="insights-weeks"
        title="Leads per week, last 26 weeks"
        note="By division, weeks from Monday; spam is its own line and never counted in the leads."
        chart={
          <LineChart
            label="Leads per week by division over the last 26 weeks, with spam as its own line; the numbers are in the table below."
            points={weekLabels}
            series={weekSeries}
            values={[...ENQUIRY_KINDS.map((kind) => data.weeks.map((week) => week[kind])), data.weeks.map((week) => week.spam)]}
          />
        }
        columns={['Week from', ...ENQUIRY_KINDS.map((kind) => KIND_NAMES[kind].division), 'Spam']}
        rows={data.weeks.map((week) => [week.week, ...ENQUIRY_KINDS.map((kind) => week[kind]), week.spam])}
        file={file('weeks')}
      />
      <FigureBlock
        id="insights-speed"
        title="Speed of first contact, by division"
        note={`From arrival (or the start of the chosen call-back time) to the first change to "contacted", in working time: ${officeText(data)}.`}
        chart={
          <BarChart
            label="Median and 90th percentile of working time to first contact, by division; the numbers are in the table below."
            rows={speed.byKind.map((row) => ({ label: KIND_NAMES[row.kind].division, values: [row.medianMinutes, row.p90Minutes] }))}
            series={[solid('Median', PALETTE[0]), outlined('90th percentile', PALETTE[0])]}
            format={minutes}
          />
        }
        columns={['Division', ...speedColumns]}
        rows={[...speed.byKind.map((row) => ({ ...row, name: KIND_NAMES[row.kind].division })), { ...speed, name: 'All' }].map((row) => [
          row.name,
          row.leads,
          row.contacted,
          ...speedCells(row),
        ])}
        file={file('speed-by-division')}
      />
      <FigureBlock
        id="insights-speed-people"
        title="Speed of first contact, by person"
        note="The person who first set the lead to contacted; the shares are of their own first contacts."
        chart={
          <BarChart
            label="Median and 90th percentile of working time to first contact, by person; the numbers are in the table below."
            rows={speed.byPerson.map((row) => ({ label: row.person, values: [row.medianMinutes, row.p90Minutes] }))}
            series={[solid('Median', PALETTE[2]), outlined('90th percentile', PALETTE[2])]}
            format={minutes}
          />
        }
        columns={['Person', 'Contacted', 'Median', '90th percentile', 'Within 1 working hour', 'Same working day']}
        rows={speed.byPerson.map((row) => [row.person, row.contacted, ...speedCells(row)])}
        file={file('speed-by-person')}
      />
      <FigureBlock
        id="insights-speed-weeks"
        title="Speed of first contact, by week"
        chart={
          <LineChart
            label="Median and 90th percentile of working time to first contact, per week over the last 26 weeks; the numbers are in the table below."
            points={weekLabels}
            series={[
              { name: 'Median', colour: PALETTE[0], dash: '' },
              { name: '90th percentile', colour: PALETTE[1], dash: DASHES[1] },
            ]}
            values={[data.weeks.map((week) => week.firstContact.medianMinutes), data.weeks.map((week) => week.firstContact.p90Minutes)]}
            format={hours}
          />
        }
        columns={['Week from', ...speedColumns]}
        rows={data.weeks.map(({ week, firstContact: row }) => [week, row.leads, row.contacted, ...speedCells(row)])}
        file={file('speed-by-week')}
      />
    </>
  );
}
