/** Insights by origin and result: sources, campaigns, landing pages, outcomes, languages and divisions. */
import { ENQUIRY_KINDS } from '../../../lib/enquiry/kinds.ts';
import { BarChart, PALETTE, type Series } from './charts.tsx';
import { FigureBlock, type Cell } from './FigureBlock.tsx';
import { KIND_NAMES, SALES_KINDS } from '../../../lib/team-api/vocabulary.ts';
import type { Insights, Ranked } from '../../../lib/team-api/wire.ts';
import { LANGUAGES, percent } from './figures.ts';

const solid = (name: string, colour: string): Series => ({ name, colour, outlined: false });
const outlined = (name: string, colour: string): Series => ({ name, colour, outlined: true });

export function OriginFigures({ data, file }: { data: Insights; file: (name: string) => string }) {
  const ranked: [id: string, title: string, column: string, note: string, rows: Ranked[]][] = [
    [
      'sources',
      'Where leads came from',
      'Source',
      'The utm source, else the referring site, else "direct". Top ten, with the share won.',
      data.sources,
    ],
    ['campaigns', 'Campaigns', 'Campaign', 'The utm campaign. Top ten, with the share won.', data.campaigns],
    ['landing', 'Landing pages', 'Landing page', 'The first page of the visit. Top ten, with the share won.', data.landingPages],
  ];
  return (
    <>
      {ranked.map(([id, title, column, note, rows]) => (
        <FigureBlock
          key={id}
          id={`insights-${id}`}
          title={title}
          note={note}
          chart={
            <BarChart
              label={`${title}: leads and won, top ten; the numbers are in the table below.`}
              rows={rows.map((row) => ({ label: row.value, values: [row.leads, row.won] }))}
              series={[solid('Leads', PALETTE[0]), outlined('Won', PALETTE[2])]}
            />
          }
          columns={[column, 'Leads', 'Won', 'Share won', 'Lost']}
          rows={rows.map((row) => [row.value, row.leads, row.won, percent(row.wonShare), row.lost])}
          file={file(id)}
        />
      ))}
      <FigureBlock
        id="insights-outcomes"
        title="Outcomes by division"
        chart={
          <BarChart
            label="Leads won and lost by division; the numbers are in the table below."
            rows={SALES_KINDS.map((kind) => ({
              label: KIND_NAMES[kind].division,
              values: [data.outcomes[kind].won, data.outcomes[kind].lost],
            }))}
            series={[solid('Won', PALETTE[2]), outlined('Lost', PALETTE[4])]}
          />
        }
        columns={['Division', 'Leads', 'Won', 'Lost']}
        rows={SALES_KINDS.map((kind) => [
          KIND_NAMES[kind].division,
          data.outcomes[kind].leads,
          data.outcomes[kind].won,
          data.outcomes[kind].lost,
        ])}
        file={file('outcomes')}
      />
      <FigureBlock
        id="insights-languages"
        title="Language of the page, by division"
        chart={
          <BarChart
            label="Leads by the language of the page, per division; the numbers are in the table below."
            rows={ENQUIRY_KINDS.map((kind) => ({
              label: KIND_NAMES[kind].division,
              values: LANGUAGES.map(([code]) => data.languages[kind][code] ?? 0),
            }))}
            series={LANGUAGES.map(([, name], n) => ({ name, colour: PALETTE[n], outlined: n % 2 === 1 }))}
          />
        }
        columns={['Division', ...LANGUAGES.map(([, name]) => name)]}
        rows={ENQUIRY_KINDS.map((kind) => [KIND_NAMES[kind].division, ...LANGUAGES.map(([code]) => data.languages[kind][code] ?? 0)])}
        file={file('languages')}
      />
      <FigureBlock
        id="insights-kinds"
        title="Leads by division"
        note="Privacy requests are counted apart from the sales figures; spam is never a lead."
        columns={['Division', 'Leads']}
        rows={[
          ...ENQUIRY_KINDS.map((kind): Cell[] => [KIND_NAMES[kind].division, data.byKind[kind]]),
          ['Total (spam excluded)', data.total],
          ['Spam (kept apart)', data.spam],
        ]}
        file={file('divisions')}
      />
    </>
  );
}
