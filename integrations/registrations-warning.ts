/**
 * Astro integration: when a build is done, warns about each registration number regulators want
 * on a page that is not set in src/content/identity.json, naming every built page that cannot show
 * it: the AMFI ARN (financial planning pages) and the RERA registration (buy and sell pages, their
 * landings and the Realty division). The pages themselves simply leave the line out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { site } from '../src/config/site.ts';
import { routeNameOf } from '../src/lib/routing/index.ts';
import { missingRegistrationLines } from '../src/lib/regulatory.ts';

/** The `route:` of every English entry of a content folder (the same route in every language). */
const routesOf = (folder: string): string[] =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => /^route:\s*["']?([^"'\s]+)/m.exec(readFileSync(path.join(folder, name), 'utf8'))?.[1])
    .filter((route): route is string => Boolean(route));

export const registrationsWarning = (): AstroIntegration => {
  let root = process.cwd();
  return {
    name: 'aranya:registrations-warning',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': ({ pages, logger }) => {
        const content = path.join(root, 'src/content');
        const routes = {
          plans: routesOf(path.join(content, 'plans/en')),
          realty: [
            ...routesOf(path.join(content, 'properties/en')),
            routeNameOf({ collection: 'pages', id: 'buy' }),
            routeNameOf({ collection: 'pages', id: 'sell' }),
            routeNameOf({ collection: 'divisions', data: { key: 'realty' } }),
          ],
        };
        const lines = missingRegistrationLines(
          site.registrations,
          routes,
          pages.map((p) => p.pathname),
        );
        for (const line of lines) logger.warn(line);
        if (lines.length === 0) logger.info('the AMFI ARN and the RERA registration are set and shown');
      },
    },
  };
};
