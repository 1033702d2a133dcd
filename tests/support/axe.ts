/** axe-core's WCAG 2.2 AA rules on the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each violation as one line: `<label><rule>: <targets>`; none is an empty list. */
export const axeViolations = async (page: Page, label = ''): Promise<string[]> => {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((v) => `${label}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

export const expectNoAxeViolations = async (page: Page, label = '') => {
  expect(await axeViolations(page, label)).toEqual([]);
};
