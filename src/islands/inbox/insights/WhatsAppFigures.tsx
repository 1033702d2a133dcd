/**
 * Insights' WhatsApp figures: the messages sent, delivered, read and failed per week (the
 * visitors' acknowledgements and the team's alerts together), with the table behind the chart,
 * and this month's cost: the messages Meta took that did not fail, at WHATSAPP_RATE_INR each.
 */
import { BarChart, PALETTE } from './charts.tsx';
import { FigureBlock } from './FigureBlock.tsx';
import type { Insights } from '../../../lib/team-api/wire.ts';
import { shortDate } from './figures.ts';

const SERIES = [
  { name: 'Sent', colour: PALETTE[0], outlined: true },
  { name: 'Delivered', colour: PALETTE[1], outlined: false },
  { name: 'Read', colour: PALETTE[2], outlined: false },
  { name: 'Failed', colour: PALETTE[4], outlined: true },
];

const rupees = (value: number) => `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function WhatsAppFigures({ data, file }: { data: Insights; file: (name: string) => string }) {
  const { weeks, month } = data.whatsapp;
  const shown = weeks.filter((week) => week.sent + week.failed > 0);
  return (
    <FigureBlock
      id="insights-whatsapp"
      title="WhatsApp messages per week"
      note={
        <>
          The visitors’ acknowledgements and the team’s alerts, by the week they went. This month ({monthName(month.month)}):{' '}
          <strong>
            {month.messages} {month.messages === 1 ? 'message' : 'messages'}, about {rupees(month.costInr)}
          </strong>{' '}
          at {rupees(month.rateInr)} each (failed ones are not counted).
        </>
      }
      chart={
        shown.length > 0 && (
          <BarChart
            label="WhatsApp messages per week: sent, delivered, read and failed; the numbers are in the table below."
            rows={shown.map((week) => ({
              label: `Week of ${shortDate(week.week)}`,
              values: [week.sent, week.delivered, week.read, week.failed],
            }))}
            series={SERIES}
          />
        )
      }
      columns={['Week of', 'Sent', 'Delivered', 'Read', 'Failed']}
      rows={shown.map((week) => [shortDate(week.week), week.sent, week.delivered, week.read, week.failed])}
      file={file('whatsapp')}
    />
  );
}
