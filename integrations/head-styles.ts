/**
 * Moves every <style> that the build left in <body> into <head>, where HTML allows it (run after
 * the build by integrations/csp-inline.ts). Astro writes its island stylesheet (`astro-island{display:contents}`) just before a
 * page's first island, inside <body>. The text of each style is kept as it is, so its CSP hash holds.
 */
const STYLE = /<style\b[^>]*>[\s\S]*?<\/style>/g;

/** The page with the <style> elements of its body moved to the end of its head. */
export function stylesIntoHead(html: string): string {
  const bodyAt = html.indexOf('<body');
  const headEnd = html.indexOf('</head>');
  if (bodyAt === -1 || headEnd === -1 || headEnd > bodyAt) return html;
  const moved: string[] = [];
  const body = html.slice(bodyAt).replace(STYLE, (style) => {
    moved.push(style);
    return '';
  });
  if (moved.length === 0) return html;
  return `${html.slice(0, headEnd)}${moved.join('')}${html.slice(headEnd, bodyAt)}${body}`;
}
