/** The office's address in each language: the street written for it, the places in its script, the word "District" its own. */
import { expect, it } from 'vitest';
import { site } from '../../src/config/site.ts';
import { postalAddress, postalAddressOf } from '../../src/lib/postal-address.ts';

it('reads in the page’s script: street, town, district and state; the PIN code as it is', () => {
  expect(postalAddress('en')).toEqual({
    street: '2nd Floor, Bagalur Road',
    locality: 'Hosur, Krishnagiri District, Tamil Nadu',
    postcode: '635109',
  });
  expect(postalAddress('ta')).toEqual({
    street: '2-ஆம் தளம், பாகலூர் சாலை',
    locality: 'ஓசூர், கிருஷ்ணகிரி மாவட்டம், தமிழ்நாடு',
    postcode: '635109',
  });
  expect(postalAddress('te').locality).toBe('హోసూరు, కృష్ణగిరి జిల్లా, తమిళనాడు');
  expect(postalAddress('kn').locality).toBe('ಹೊಸೂರು, ಕೃಷ್ಣಗಿರಿ ಜಿಲ್ಲೆ, ತಮಿಳುನಾಡು');
});

it('falls back to what the editor wrote: the English street where a language has none, a place it does not know as written', () => {
  const address = { ...site.address, town: 'Kottayam', state: 'Kerala', streetTranslated: { ta: '', te: '', kn: '' } };
  expect(postalAddressOf(address, 'ta')).toMatchObject({
    street: '2nd Floor, Bagalur Road',
    locality: 'Kottayam, கிருஷ்ணகிரி மாவட்டம், Kerala',
  });
});
