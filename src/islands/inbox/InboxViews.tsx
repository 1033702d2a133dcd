/** The inbox's views, one pressed at a time: *Due*, *Mine*, *All leads*, *Spam*, *Insights* and (the owner's) *Possible duplicates*. */
import type { ListFilters } from './api.ts';

export type InboxView = 'list' | 'insights' | 'duplicates' | 'due';
const VIEW_NAMES = { mine: 'Mine', all: 'All leads', spam: 'Spam' } as const;

interface Props {
  view: InboxView;
  filters: ListFilters;
  owner: boolean;
  /** A view chosen; for the lists, with their filters. */
  onView: (view: InboxView, filters?: ListFilters) => void;
}

export function InboxViews({ view, filters, owner, onView }: Props) {
  return (
    <nav className="inbox-views" aria-label="Views">
      <button type="button" className="inbox-button" aria-pressed={view === 'due'} onClick={() => onView('due')}>
        Due
      </button>
      {(['mine', 'all', 'spam'] as const).map((shown) => (
        <button
          key={shown}
          type="button"
          className="inbox-button"
          aria-pressed={
            view === 'list' &&
            (shown === 'spam' ? filters.view === 'spam' : filters.view === 'inbox' && filters.mine === (shown === 'mine'))
          }
          onClick={() => onView('list', { ...filters, view: shown === 'spam' ? 'spam' : 'inbox', mine: shown === 'mine' })}
        >
          {VIEW_NAMES[shown]}
        </button>
      ))}
      <button type="button" className="inbox-button" aria-pressed={view === 'insights'} onClick={() => onView('insights')}>
        Insights
      </button>
      {owner && (
        <button type="button" className="inbox-button" aria-pressed={view === 'duplicates'} onClick={() => onView('duplicates')}>
          Possible duplicates
        </button>
      )}
    </nav>
  );
}
