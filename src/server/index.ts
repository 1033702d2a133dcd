/** The server side of enquiries. Function files import their handler from here. */
export { enquiryHandler } from './handler.ts';
export { leadsExportHandler } from './export-handler.ts';
export { retentionHandler, sweepHandler } from './jobs-handler.ts';
