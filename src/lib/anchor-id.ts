/** A URL fragment from a heading: "Soft Skills & Communication" -> "soft-skills-communication". */
export const anchorId = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
