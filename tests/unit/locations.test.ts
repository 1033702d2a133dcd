import { describe, expect, it } from 'vitest';
import { CITIES, STATES, citiesOf, isCityOf } from '../../src/data/locations.ts';

describe('location data', () => {
  it('has the four states with about the city counts of the original site', () => {
    expect(STATES).toEqual(['Tamil Nadu', 'Andhra Pradesh', 'Karnataka', 'Telangana']);
    const counts = Object.fromEntries(STATES.map((s) => [s, CITIES[s].length]));
    expect(counts['Tamil Nadu']).toBeGreaterThanOrEqual(105);
    expect(counts['Tamil Nadu']).toBeLessThanOrEqual(115);
    expect(counts['Andhra Pradesh']).toBeGreaterThanOrEqual(80);
    expect(counts['Andhra Pradesh']).toBeLessThanOrEqual(90);
    expect(counts['Karnataka']).toBeGreaterThanOrEqual(75);
    expect(counts['Karnataka']).toBeLessThanOrEqual(85);
    expect(counts['Telangana']).toBe(40);
  });

  it('lists each state sorted, with no duplicates and no city in two states', () => {
    const seen = new Map<string, string>();
    for (const state of STATES) {
      const cities = CITIES[state];
      expect([...cities].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(cities);
      for (const city of cities) {
        expect(city).toBe(city.trim());
        expect(seen.get(city), `${city} is in ${seen.get(city)} and ${state}`).toBeUndefined();
        seen.set(city, state);
      }
    }
  });

  it('puts well-known cities in the right state', () => {
    expect(isCityOf('Tamil Nadu', 'Hosur')).toBe(true);
    expect(isCityOf('Tamil Nadu', 'Krishnagiri')).toBe(true);
    expect(isCityOf('Telangana', 'Hyderabad')).toBe(true);
    expect(isCityOf('Andhra Pradesh', 'Hyderabad')).toBe(false);
    expect(isCityOf('Andhra Pradesh', 'Vijayawada')).toBe(true);
    expect(isCityOf('Karnataka', 'Bengaluru')).toBe(true);
    expect(citiesOf('Kerala')).toEqual([]);
  });
});
