/** The browser side of attribution: recorded once per visit in sessionStorage, read for the enquiry. */
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { ATTRIBUTION_LIMITS, ATTRIBUTION_STORAGE_KEY, readAttribution, recordAttributionScript } from '../../src/lib/attribution.ts';

/** An in-memory Storage, as sessionStorage behaves. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
  };
};

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'https://aranya.example.com');
  return { pathname, search };
};

/** Runs the pages' inline script as a browser would, at `location` with `referrer` and this sessionStorage. */
const recordAttribution = (location: { pathname: string; search: string }, referrer: string, storage: unknown) => {
  const globals: Record<string, unknown> = { location, document: { referrer }, URLSearchParams };
  // Reading sessionStorage throws where storage is blocked: a getter stands for that.
  Object.defineProperty(globals, 'sessionStorage', {
    get: () => {
      if (storage === undefined) throw new Error('SecurityError');
      return storage;
    },
  });
  runInNewContext(recordAttributionScript, globals);
};

describe('the inline script that records attribution', () => {
  test('records the landing path, the referrer, every utm_* tag and gclid of the first page', () => {
    const storage = memoryStorage();
    recordAttribution(
      at(
        '/Vehicleloan?utm_source=google&utm_medium=cpc&utm_campaign=diwali-loans&utm_term=vehicle+loan&utm_content=ad-2&gclid=Cj0KCQ&other=x',
      ),
      'https://www.google.com/',
      storage,
    );
    expect(readAttribution(storage)).toEqual({
      landingPath: '/Vehicleloan',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali-loans',
      utm_term: 'vehicle loan',
      utm_content: 'ad-2',
      gclid: 'Cj0KCQ',
    });
  });

  test('later pages of the visit do not overwrite the first', () => {
    const storage = memoryStorage();
    recordAttribution(at('/?utm_source=newsletter'), '', storage);
    recordAttribution(at('/Flats?utm_source=other&gclid=abc'), 'https://aranya.example.com/', storage);
    expect(readAttribution(storage)).toEqual({ landingPath: '/', utm_source: 'newsletter' });
  });

  test('a first page without tags still counts as the first page', () => {
    const storage = memoryStorage();
    recordAttribution(at('/Aboutpage'), '', storage);
    recordAttribution(at('/Flats?utm_source=late'), '', storage);
    expect(readAttribution(storage)).toEqual({ landingPath: '/Aboutpage' });
  });

  test('values are cut to their limits and stripped of control characters', () => {
    const storage = memoryStorage();
    recordAttribution(at(`/x?utm_campaign=${'c'.repeat(400)}&utm_source=a%0Ab`), `https://example.com/${'r'.repeat(900)}`, storage);
    const recorded = readAttribution(storage);
    expect(recorded.utm_campaign).toHaveLength(ATTRIBUTION_LIMITS.utm_campaign);
    expect(recorded.referrer).toHaveLength(ATTRIBUTION_LIMITS.referrer);
    expect(recorded.utm_source).toBe('ab');
  });

  test.each([
    ['no storage at all', undefined],
    ['null', null],
    [
      'storage that throws (blocked cookies, private mode)',
      {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    ],
    [
      'storage that is full',
      {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    ],
  ])('never throws with %s', (_name, storage) => {
    expect(() => recordAttribution(at('/?utm_source=x'), '', storage)).not.toThrow();
    expect(readAttribution(storage)).toEqual({});
  });
});

describe('readAttribution', () => {
  test('nothing recorded: an empty object', () => {
    expect(readAttribution(memoryStorage())).toEqual({});
  });

  test('keeps only known fields with text values, within their limits', () => {
    const storage = memoryStorage();
    storage.setItem(
      ATTRIBUTION_STORAGE_KEY,
      JSON.stringify({ utm_source: 'x'.repeat(500), gclid: 42, Username: 'not ours', referrer: '' }),
    );
    expect(readAttribution(storage)).toEqual({ utm_source: 'x'.repeat(ATTRIBUTION_LIMITS.utm_source) });
  });

  test.each(['not json', '[1,2]', 'null', '"text"'])('a damaged entry %j reads as nothing', (stored) => {
    const storage = memoryStorage();
    storage.setItem(ATTRIBUTION_STORAGE_KEY, stored);
    expect(readAttribution(storage)).toEqual({});
  });
});
