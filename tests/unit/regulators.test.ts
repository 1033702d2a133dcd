/**
 * The regulators' sentences exist once per language (src/i18n/regulators.ts): no dictionary and no
 * content file of any language holds another wording of SEBI's risk sentence or AMFI's distributor
 * line; a page shows the English words, and beside them its own translation.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, dictionary } from '../../src/i18n/index.ts';
import { REGULATOR_SENTENCES, regulatorSentence } from '../../src/i18n/regulators.ts';
import { sipLanguage } from '../../src/islands/calculators/props.ts';

/** What gives away a wording of each sentence, in each language: its closing words. */
const GIVEAWAYS: RegExp[] = [
  /scheme[- ]related documents/iu,
  /ஆவணங்களையும் கவனமாக/u,
  /పత్రాలను జాగ్రత్తగా/u,
  /ದಾಖಲೆಗಳನ್ನು ಎಚ್ಚರಿಕೆಯಿಂದ/u,
  /registered Mutual Fund Distributor/iu,
  /ஃபண்ட் விநியோகஸ்தர்/u,
  /ఫండ్ డిస్ట్రిబ్యూటర్/u,
  /ಫಂಡ್ ವಿತರಕ/u,
];

const leaves = (node: unknown, key = ''): [string, string][] =>
  node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => leaves(v, key ? `${key}.${k}` : k)) : [[key, String(node)]];
const files = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) =>
    statSync(path.join(folder, name)).isDirectory() ? files(path.join(folder, name)) : [path.join(folder, name)],
  );

describe('the regulators’ sentences', () => {
  it('each sentence and each translation is given away by one pattern (so the check below can find a copy)', () => {
    for (const sentence of Object.values(REGULATOR_SENTENCES)) {
      for (const locale of LOCALES)
        expect(
          GIVEAWAYS.some((pattern) => pattern.test(sentence[locale])),
          sentence[locale],
        ).toBe(true);
    }
  });

  it('exist nowhere else: no dictionary, no content file holds a wording of them', () => {
    const texts = [
      ...LOCALES.flatMap((locale) => leaves(dictionary(locale)).map(([key, text]) => [`src/i18n/${locale}.ts ${key}`, text])),
      ...files(path.resolve(import.meta.dirname, '../../src/content')).map((file) => [file, readFileSync(file, 'utf8')]),
    ];
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter(([, text]) => GIVEAWAYS.some((pattern) => pattern.test(text))).map(([where]) => where)).toEqual([]);
  });

  it('a page shows the English words, and its translation beside them; the SIP calculator gets both', () => {
    expect(regulatorSentence('sebiRisk', 'en')).toEqual({ en: REGULATOR_SENTENCES.sebiRisk.en });
    for (const locale of ['ta', 'te', 'kn'] as const) {
      expect(regulatorSentence('sebiRisk', locale)).toEqual({
        en: REGULATOR_SENTENCES.sebiRisk.en,
        translation: REGULATOR_SENTENCES.sebiRisk[locale],
      });
      expect(sipLanguage(locale).risk).toEqual(regulatorSentence('sebiRisk', locale));
    }
  });
});
