/**
 * Contact message (/api/contact, kind `contact`): the /Contactus form. docs/decisions/007-contact-form-is-a-lead.md:
 * a lead like the others, with the same wire names and field rules (Username, phone, email,
 * message), stored first and then e-mailed to the team by the server.
 */
import * as z from 'zod/mini';
import { commonFields, messageField } from './field-rules.ts';

export const contactSchema = z.object({
  ...commonFields,
  message: messageField,
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactEnquiry = z.output<typeof contactSchema>;
