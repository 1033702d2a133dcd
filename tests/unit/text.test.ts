import { describe, expect, it } from 'vitest';
import { localized as getCollection } from '../../src/lib/content.ts';
import { firstSentence, plainText } from '../../src/lib/text.ts';
import { anchorId } from '../../src/lib/anchor-id.ts';

describe('short forms of content', () => {
  it('reduces markdown to its words', () => {
    expect(plainText('Write to **us** through the [Contact page](/Contactus).\n\nThanks!')).toBe(
      'Write to us through the Contact page. Thanks!',
    );
  });

  it('takes the first sentence, not a full stop inside a number or an abbreviation followed by lower case', () => {
    expect(firstSentence('One. Two.')).toBe('One.');
    expect(firstSentence('Fees of Rs. 5,000 apply to 2.5 lakh loans. Then more.')).toBe('Fees of Rs. 5,000 apply to 2.5 lakh loans.');
    expect(firstSentence('Is it for you? Yes.')).toBe('Is it for you?');
    expect(firstSentence('No stop at all')).toBe('No stop at all');
  });

  it('gives every training programme a short first sentence for the home page', async () => {
    for (const programme of await getCollection('programs')) {
      const sentence = firstSentence(programme.body ?? '');
      expect(sentence.length, programme.id).toBeGreaterThan(30);
      expect(sentence.length, programme.id).toBeLessThan(200);
      expect(sentence, programme.id).toMatch(/[.!?]$/);
    }
  });

  it('makes URL fragments from headings', () => {
    expect(anchorId('Soft Skills & Communication')).toBe('soft-skills-communication');
    expect(anchorId('  Career Bootcamps ')).toBe('career-bootcamps');
  });
});
