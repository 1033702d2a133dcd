/** Finding leads: by name, phone or e-mail, and under "More filters" by kind, status, page and dates. */
import type { FormEvent } from 'react';
import { ENQUIRY_KINDS } from '../../lib/enquiry/kinds.ts';
import type { ListFilters } from './api.ts';
import { KIND_NAMES, LEAD_STATUSES } from '../../lib/team-api/vocabulary.ts';
import { formText } from '../../lib/text.ts';

/** Applies the filters on "Find"; the view (leads or spam) stays the one shown. */
export function LeadFilters({ filters, onApply }: { filters: ListFilters; onApply: (next: ListFilters) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => formText(data, name);
    onApply({
      view: filters.view,
      mine: filters.mine,
      kind: text('kind'),
      page: text('page'),
      from: text('from'),
      to: text('to'),
      status: text('status'),
      q: text('q'),
    });
  };
  return (
    <form className="inbox-filters" onSubmit={submit} aria-label="Find leads">
      <div className="inbox-filters__search">
        <label htmlFor="inbox-q">Name, phone or e-mail</label>
        <input id="inbox-q" name="q" type="search" defaultValue={filters.q} />
      </div>
      <details className="inbox-filters__more">
        <summary>More filters</summary>
        <div className="inbox-filters__grid">
          <div>
            <label htmlFor="inbox-kind">Kind</label>
            <select id="inbox-kind" name="kind" defaultValue={filters.kind}>
              <option value="">Any</option>
              {ENQUIRY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind].division}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="inbox-status">Status</label>
            <select id="inbox-status" name="status" defaultValue={filters.status}>
              <option value="">Any</option>
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="inbox-page-filter">Page (e.g. /Flats)</label>
            <input id="inbox-page-filter" name="page" defaultValue={filters.page} />
          </div>
          <div>
            <label htmlFor="inbox-from">From</label>
            <input id="inbox-from" name="from" type="date" defaultValue={filters.from} />
          </div>
          <div>
            <label htmlFor="inbox-to">To</label>
            <input id="inbox-to" name="to" type="date" defaultValue={filters.to} />
          </div>
        </div>
      </details>
      <button type="submit" className="inbox-button inbox-button--primary">
        Find
      </button>
    </form>
  );
}
