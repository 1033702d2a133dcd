import { describe, expect, it } from 'vitest';
import { activeSocials, configuredSocials, site, telHref, whatsappHref } from '../../src/config/site';
import { hrefOf } from '../../src/lib/links';
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
    expect(Object.keys(site.emails).sort()).toEqual(['careers', 'immigration', 'info', 'marketing']);
    expect(site.address).toMatchObject({ town: 'Hosur', district: 'Krishnagiri District', state: 'Tamil Nadu' });
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
});
