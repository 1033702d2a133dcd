/** What the inbox shows for statuses, kinds and times. */
import dayjs from 'dayjs';
import type { EnquiryKind } from '../../lib/enquiry/kinds.ts';

export const STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
/** Every kind has a name (satisfies); read with any stored kind. */
export const KIND_NAMES: Record<string, string> = {
  realestate: 'Property',
  bankloan: 'Bank loan',
  finance: 'Financial planning',
  contact: 'Contact',
  privacy: 'Privacy request',
} satisfies Record<EnquiryKind, string>;
/** A time in the team's own clock, e.g. "25 Nov 2026, 9:41 AM". */
export const when = (iso: string) => dayjs(iso).format('D MMM YYYY, h:mm A');
