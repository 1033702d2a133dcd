/** The enquiry kinds, each with its own schema, function and endpoint. A module of its own, so a form imports it without the schemas. */
export const ENQUIRY_KINDS = ['realestate', 'bankloan', 'finance', 'contact', 'privacy'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** Where each kind is posted: a path on the same site, never a host or port. */
export const enquiryEndpoint = (kind: EnquiryKind) => `/api/${kind}` as const;
