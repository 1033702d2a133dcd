/**
 * The office's postal address as a page in `locale` shows it: the street written for that language
 * (the English one where none is), then town, district and state in the page's script (from
 * src/i18n/places.ts) and the PIN code. Build time only (.astro pages): it reads the dictionaries.
 */
import { site, type Identity } from '../config/site.ts';
import { dictionary, format, type Locale } from '../i18n/index.ts';
import { placeName, placeNamesIn } from '../i18n/places.ts';

export interface PostalAddress {
  street: string;
  /** Town, district and state: "ஓசூர், கிருஷ்ணகிரி மாவட்டம், தமிழ்நாடு". */
  locality: string;
  postcode: string;
}

export const postalAddressOf = (address: Identity['address'], locale: Locale): PostalAddress => {
  const places = placeNamesIn(locale);
  const street = (locale === 'en' ? '' : address.streetTranslated[locale]) || address.street;
  const district = format(dictionary(locale).site.district, { district: placeName(places, address.district) });
  return {
    street,
    locality: [placeName(places, address.town), district, placeName(places, address.state)].join(', '),
    postcode: address.postcode,
  };
};

/** The office's address in a page's language. */
export const postalAddress = (locale: Locale): PostalAddress => postalAddressOf(site.address, locale);
