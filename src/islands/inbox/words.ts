/** What the inbox shows for statuses, kinds and times. */
import dayjs from 'dayjs';

export const STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export const KIND_NAMES: Record<string, string> = {
  realestate: 'Property',
  bankloan: 'Bank loan',
  finance: 'Financial planning',
  contact: 'Contact',
};
/** A time in the team's own clock, e.g. "25 Nov 2026, 9:41 AM". */
export const when = (iso: string) => dayjs(iso).format('D MMM YYYY, h:mm A');
