/** How a visitor can reach the team without a form: passed to the form islands as props. */
import { phoneText, site, telHref, whatsappHref } from '../config/site.ts';

export interface ContactLinks {
  brand: string;
  phone: string;
  telHref: string;
  whatsappHref: string;
  email: string;
}

export const contactLinks: ContactLinks = {
  brand: site.brand,
  phone: phoneText,
  telHref,
  whatsappHref,
  email: site.emails.info,
};
