/**
 * Insights' routing figures: of the range's assigned sales leads, how many were reached within
 * the first-contact target, and how long from the assignment, by division and by assignee; and
 * the leads given to someone else, by the first-contact clock or by hand.
 */
import { BarChart, PALETTE } from './charts.tsx';
import { FigureBlock } from './FigureBlock.tsx';
import { KIND_NAMES, durationText } from '../../../lib/team-api/vocabulary.ts';
import type { Insights, RoutingFigures as Routing } from '../../../lib/team-api/wire.ts';
import { percent } from './figures.ts';

type Target = Routing['all'];

const TARGET_SERIES = [
  { name: 'Assigned', colour: PALETTE[0], outlined: true },
  { name: 'Contacted', colour: PALETTE[1], outlined: false },
  { name: 'Within target', colour: PALETTE[2], outlined: false },
];
const TARGET_COLUMNS = ['Assigned', 'Contacted', 'Within target', 'Share within target', 'Median from assignment', '90th percentile'];
const targetCells = (row: Target) => [
  row.leads,
  row.contacted,
  row.inTarget,
  percent(row.inTargetShare),
  durationText(row.medianMinutes),
  durationText(row.p90Minutes),
];
const targetBars = (label: string, row: Target) => ({ label, values: [row.leads, row.contacted, row.inTarget] });

export function RoutingFigures({ data, file }: { data: Insights; file: (name: string) => string }) {
  const { routing } = data;
  const target = durationText(routing.targetMinutes);
  const divisions = routing.byKind.map((row) => ({ ...row, name: KIND_NAMES[row.kind].division }));
  const note = `Sales leads with an assignee. Within target: first contact within ${target} of working time from arrival, or from the start of the visitor's chosen call-back time. The times run from the assignment the first contact answered, in working time.`;
  return (
    <>
      <FigureBlock
        id="insights-target-divisions"
        title={`First contact within ${target}, by division`}
        note={note}
        chart={
          divisions.length > 0 && (
            <BarChart
              label="Assigned leads, contacted and contacted within the target, by division; the numbers are in the table below."
              rows={divisions.map((row) => targetBars(row.name, row))}
              series={TARGET_SERIES}
            />
          )
        }
        columns={['Division', ...TARGET_COLUMNS]}
        rows={[...divisions, { ...routing.all, name: 'All' }].map((row) => [row.name, ...targetCells(row)])}
        file={file('target-by-division')}
      />
      <FigureBlock
        id="insights-target-people"
        title={`First contact within ${target}, by person`}
        note="By the lead's assignee now: a lead the clock moved on counts for the person who has it."
        chart={
          routing.byPerson.length > 0 && (
            <BarChart
              label="Assigned leads, contacted and contacted within the target, by person; the numbers are in the table below."
              rows={routing.byPerson.map((row) => targetBars(row.person, row))}
              series={TARGET_SERIES}
            />
          )
        }
        columns={['Person', ...TARGET_COLUMNS]}
        rows={routing.byPerson.map((row) => [row.person, ...targetCells(row)])}
        file={file('target-by-person')}
      />
      <FigureBlock
        id="insights-reassignments"
        title="Leads given to someone else"
        note="By the clock: nobody had made the first contact in time, so the first-contact clock gave the lead to the next available person. By hand: the owner chose someone else."
        chart={
          routing.reassignments.length > 0 && (
            <BarChart
              label="Reassigned leads by division, by the clock and by hand; the numbers are in the table below."
              rows={routing.reassignments.map((row) => ({ label: KIND_NAMES[row.kind].division, values: [row.byClock, row.byHand] }))}
              series={[
                { name: 'By the clock', colour: PALETTE[4], outlined: false },
                { name: 'By hand', colour: PALETTE[3], outlined: true },
              ]}
            />
          )
        }
        columns={['Division', 'By the clock', 'By hand']}
        rows={routing.reassignments.map((row) => [KIND_NAMES[row.kind].division, row.byClock, row.byHand])}
        file={file('reassignments')}
      />
    </>
  );
}
