/**
 * The visitor's date text sent as `currentdate` (as the original site sent it: 'ddd, MMM DD YYYY', e.g.
 * 'Mon, Jan 01 2024'). The server keeps it as typed context and stamps its own `receivedAt`.
 * Its pattern, which the schemas check, is in field-rules.ts: this file brings dayjs, which a form
 * loads only when an enquiry is sent.
 */
import dayjs from 'dayjs';

export const CURRENTDATE_FORMAT = 'ddd, MMM DD YYYY';

export const formatCurrentDate = (date: Date | number | string = new Date()): string => dayjs(date).format(CURRENTDATE_FORMAT);
