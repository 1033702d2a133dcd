import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  activeSocials,
  configuredSocials,
  hoursIn,
  hoursOf,
  mailHref,
  parseIdentity,
  registrationLines,
  site,
  telHref,
  whatsappHref,
} from '../../src/config/site.ts';
import { hrefOf } from '../../src/lib/routing/index.ts';
const divisionHref = (key: 'realty' | 'consulting' | 'immigration' | 'training') => hrefOf({ collection: 'divisions', data: { key } });

describe('identity (one config file)', () => {
  it('derives the brand routes and the provider from the brand', () => {
    expect(site.brand).toBe('Aranya');
    expect(site.provider).toBe('Aranya Finserv');
    expect(divisionHref('realty')).toBe('/Aranya_Realty');
    expect(divisionHref('consulting')).toBe('/Aranya_Consulting');
    expect(divisionHref('immigration')).toBe('/Immigration_International_Services');
    expect(divisionHref('training')).toBe('/Training_Growth');
  });

  it('builds the tel: and WhatsApp links from the digits of the phone', () => {
    expect(site.phone).toBe('+91 90000 00000');
    expect(telHref).toBe('tel:+919000000000');
    expect(whatsappHref).toBe('https://wa.me/919000000000');
  });

  it('uses example.com addresses and an office in Tamil Nadu', () => {
    for (const address of Object.values(site.emails)) expect(address).toMatch(/^[a-z]+@example\.com$/);
    expect(Object.keys(site.emails).sort()).toEqual(['careers', 'immigration', 'info', 'loans', 'marketing', 'planning', 'realEstate']);
    expect(site.address).toMatchObject({ town: 'Hosur', district: 'Krishnagiri', state: 'Tamil Nadu' });
  });

  it('renders only the social links that are configured', () => {
    const links = configuredSocials([
      { kind: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@x' },
      { kind: 'facebook', label: 'Facebook', url: '' },
      { kind: 'instagram', label: 'Instagram' },
      { kind: 'linkedin', label: 'LinkedIn', url: '  ' },
    ]);
    expect(links.map((l) => l.kind)).toEqual(['youtube']);
    expect(activeSocials.every((s) => /^https:\/\//.test(s.url))).toBe(true);
  });

  it('lists only the registration numbers that are set, in a fixed order with their labels', () => {
    expect(registrationLines({ rera: '', amfiArn: ' ', gstin: '', cin: '' })).toEqual([]);
    expect(
      registrationLines({ cin: 'U70100TZ2020PTC000000', rera: ' TN/29/Agent/0000/2024 ', amfiArn: '', gstin: '33AAAAA0000A1Z5' }),
    ).toEqual([
      { key: 'rera', label: 'RERA registration', value: 'TN/29/Agent/0000/2024' },
      { key: 'gstin', label: 'GSTIN', value: '33AAAAA0000A1Z5' },
      { key: 'cin', label: 'CIN', value: 'U70100TZ2020PTC000000' },
    ]);
    // Nothing made up: until the group sets them, no registration line is rendered.
    expect(registrationLines(site.registrations)).toEqual([]);
  });
});

describe('office hours in a language (hoursOf)', () => {
  const file = { hours: ['Monday to Saturday'], hoursTranslated: { ta: ['திங்கள் முதல் சனி வரை'], te: [], kn: [] } };
  it('shows the language its own lines, and English where an editor left that language empty', () => {
    expect(hoursOf(file, 'ta')).toEqual(['திங்கள் முதல் சனி வரை']);
    expect(hoursOf(file, 'te')).toEqual(['Monday to Saturday']);
    expect(hoursOf(file, 'en')).toEqual(['Monday to Saturday']);
  });
});

describe('editable identity (src/content/identity.json, checked by identitySchema)', () => {
  const file = JSON.parse(readFileSync(new URL('../../src/content/identity.json', import.meta.url), 'utf8'));

  it('is what site.ts exports: phone, e-mails, hours, registrations, address and socials come from the file', () => {
    expect(site.phone).toBe(file.phone);
    expect(site.emails).toEqual(file.emails);
    expect(site.hours).toEqual(file.hours);
    expect(hoursIn('en')).toEqual(file.hours);
    expect(hoursIn('ta')).toEqual(file.hoursTranslated.ta);
    expect(hoursIn('kn')).toEqual(file.hoursTranslated.kn);
    expect(site.registrations).toEqual(file.registrations);
    expect(site.address).toEqual(file.address);
    expect(site.socials).toEqual([
      { kind: 'youtube', label: 'YouTube', url: file.socials.youtube },
      { kind: 'facebook', label: 'Facebook', url: file.socials.facebook },
      { kind: 'instagram', label: 'Instagram', url: file.socials.instagram },
      { kind: 'linkedin', label: 'LinkedIn', url: file.socials.linkedin },
    ]);
    expect(mailHref(site.emails.careers)).toBe('mailto:careers@example.com');
  });

  it('does not hold the brand: it renames routes, so it stays in code', () => {
    expect(Object.keys(file).sort()).toEqual([
      'address',
      'emails',
      'grievance',
      'hours',
      'hoursTranslated',
      'officeHours',
      'partnerLenders',
      'phone',
      'registrations',
      'socials',
    ]);
    expect(JSON.stringify(file)).not.toMatch(/"brand"|"provider"/);
  });

  it('accepts registration numbers in their usual forms', () => {
    const registrations = { rera: 'TN/29/Agent/0000/2024', amfiArn: 'ARN-123456', gstin: '33AAAAA0000A1Z5', cin: 'U70100TN2020PTC000000' };
    expect(parseIdentity({ ...file, registrations }).registrations).toEqual(registrations);
  });

  it('derives the links from whatever phone an editor writes', () => {
    const identity = parseIdentity({ ...file, phone: '+91 98765-43210' });
    expect(identity.phone).toBe('+91 98765-43210');
    expect(parseIdentity({ ...file, socials: { ...file.socials, facebook: '' } }).socials.facebook).toBe('');
  });

  it('refuses a bad value with a message naming the file and the field', () => {
    const bad = [
      [{ phone: '90000 00000' }, /country code[\s\S]*at phone/],
      [{ emails: { ...file.emails, careers: 'careers at example' } }, /at emails\.careers/],
      [{ address: { ...file.address, postcode: '6351' } }, /6 digits[\s\S]*at address\.postcode/],
      [{ address: { ...file.address, town: ' ' } }, /at address\.town/],
      [{ socials: { ...file.socials, youtube: 'www.youtube.com/@x' } }, /https:\/\/[\s\S]*at socials\.youtube/],
      [{ hours: [] }, /at hours/],
      [{ registrations: { ...file.registrations, gstin: '33AAAAA0000A1Z' } }, /15 characters[\s\S]*at registrations\.gstin/],
      [{ registrations: { ...file.registrations, cin: 'U70100' } }, /21 characters[\s\S]*at registrations\.cin/],
      [{ registrations: { ...file.registrations, amfiArn: '123456' } }, /ARN-[\s\S]*at registrations\.amfiArn/],
    ] as const;
    for (const [change, message] of bad) {
      expect(() => parseIdentity({ ...file, ...change })).toThrow(/^src\/content\/identity\.json is invalid/);
      expect(() => parseIdentity({ ...file, ...change })).toThrow(message);
    }
  });
});
