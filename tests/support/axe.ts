/** axe-core's WCAG 2.2 AA rules on the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Each violation as one line: `<label><rule>: <targets>`; none is an empty list.
 * axe runs in the page itself (legacy mode: `axe.run`, which also checks same-origin frames; our
 * pages have none from elsewhere) instead of running each frame apart and finishing in a new blank
 * page; and it gives the targets of violations only (`resultTypes`), not of every node that passed.
 * The same rules find the same violations, in about half the time (docs/development.md#ci).
 */
export const axeViolations = async (page: Page, label = ''): Promise<string[]> => {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${label}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

export const expectNoAxeViolations = async (page: Page, label = '') => {
  expect(await axeViolations(page, label)).toEqual([]);
};
