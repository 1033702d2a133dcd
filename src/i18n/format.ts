/**
 * Fills the {placeholders} of a dictionary entry: format('Choose a city in {state}', { state }).
 * Dictionary entries are plain strings (never functions) so a page can hand its own language's
 * words to a form island as JSON props, and ship no other language.
 */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** Indian digit grouping (₹5,00,000) whatever the page's language. */
export const indianNumber = (value: number): string => new Intl.NumberFormat('en-IN').format(value);
