/** How the inbox writes times (the kinds' names and the statuses are the contract's, src/lib/team-api/vocabulary.ts). */
import dayjs from 'dayjs';

/** A time in the team's own clock, e.g. "25 Nov 2026, 9:41 AM". */
export const when = (iso: string) => dayjs(iso).format('D MMM YYYY, h:mm A');
