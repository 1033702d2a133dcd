/**
 * The visitor's date text sent as `currentdate` (as the original site sent it: 'ddd, MMM DD YYYY', e.g.
 * 'Mon, Jan 01 2024'). The server keeps it as typed context and stamps its own `receivedAt`.
 */
import dayjs from 'dayjs';

export const CURRENTDATE_FORMAT = 'ddd, MMM DD YYYY';

/** Pattern of a text made with CURRENTDATE_FORMAT (English day and month names). */
export const CURRENTDATE_PATTERN =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (0[1-9]|[12]\d|3[01]) \d{4}$/;

export const formatCurrentDate = (date: Date | number | string = new Date()): string => dayjs(date).format(CURRENTDATE_FORMAT);
