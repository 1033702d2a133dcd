/**
 * The team's pages: English only, not indexed, outside the languages. A module of its own, with no
 * imports: the inbox's vocabulary needs it, and must not bring the site's settings (and their
 * schema library) into the chunks the visitors' forms share.
 */
export const TEAM_ROUTES = { inbox: '/leads', cms: '/admin' } as const;
