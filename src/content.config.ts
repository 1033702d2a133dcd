/**
 * Content collections: every piece of copy an editor may change, with the zod schema that
 * checks it at build time. A wrong field fails the build with a message naming the file.
 *
 * Images: each `image` field is a path relative to the content file (for example
 * `../../../assets/divisions/realty.svg`, one more `../` for the language folder). To use a photo instead, drop a JPEG/PNG/WebP into
 * `src/assets/` and point the field at it; Astro's image pipeline resizes and converts it.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CATEGORIES, INTENTS } from './lib/enquiry/options.ts';
import { LOAN_TYPES } from './lib/enquiry/loan-options.ts';
import { PLANNING_OPTIONS } from './lib/enquiry/plan-options.ts';
import { VERSION_PATTERN, consentListProblems, consentLockProblems, readConsentFolder } from '../integrations/consent-lock.ts';
import { CONSENT_VERSIONS } from './lib/consent.ts';
import { LOCALES } from './i18n/locales.ts';
import consentLock from './content/consent.lock.json' with { type: 'json' };

/**
 * Where each collection lives: one file per entry. The loaders below and the editors' CMS
 * (/admin, src/lib/cms) both read this table.
 */
export const sources = {
  divisions: { folder: 'src/content/divisions', extension: 'md' },
  programs: { folder: 'src/content/programs', extension: 'md' },
  team: { folder: 'src/content/team', extension: 'yaml' },
  reviews: { folder: 'src/content/reviews', extension: 'yaml' },
  loans: { folder: 'src/content/loans', extension: 'md' },
  plans: { folder: 'src/content/plans', extension: 'md' },
  properties: { folder: 'src/content/properties', extension: 'md' },
  slides: { folder: 'src/content/slides', extension: 'yaml' },
  pages: { folder: 'src/content/pages', extension: 'md' },
  consent: { folder: 'src/content/consent', extension: 'json' },
} as const;

/**
 * Each collection holds one folder per language (`loans/en/vehicle.md`, `loans/ta/vehicle.md`):
 * Decap's `multiple_folders` layout. An entry's id is `<language>/<file name>`; src/lib/content.ts
 * picks a language's entries and falls back to English for a missing one.
 */
const from = (name: keyof typeof sources) =>
  glob({ pattern: `{${LOCALES.join(',')}}/*.${sources[name].extension}`, base: `./${sources[name].folder}` });

const text = z.string().trim().min(1);
/** One line under a page's title. */
const subtitle = text.max(110);
/**
 * On a translation: ticked in /admin once a native speaker has read it. The build counts the
 * translations not yet ticked (integrations/translations.ts); the site shows the text either way.
 */
const reviewed = z.boolean().optional();

/** The short call to action a page ends with: a heading, a line, and links to enquiry pages. */
const cta = z.object({
  title: text,
  text,
  links: z.array(z.object({ label: text, href: z.string().startsWith('/') })).min(1),
});

/** The four divisions: realty, consulting, immigration, training. Body: the intro. */
const divisions = defineCollection({
  loader: from('divisions'),
  schema: ({ image }) =>
    z.object({
      /** Fixed key; the route is derived from it (and from the brand for realty/consulting). */
      key: z.enum(['realty', 'consulting', 'immigration', 'training']),
      order: z.number().int(),
      /** Page heading, e.g. "Training & Growth: Elevate Your Potential". */
      title: text,
      /** Short name on the home-page card and in the navigation. */
      cardTitle: text,
      /** One line under the page title. */
      subtitle,
      summary: text,
      image: image(),
      imageAlt: text,
      /** Service blocks shown on the division page (the training page shows the programs). */
      services: z.array(z.object({ title: text, body: text, image: image(), imageAlt: text })).default([]),
      /** How the page ends: a short call to action leading to the relevant enquiry pages. */
      cta,
      reviewed,
    }),
});

/** Training programmes (4), shown on the home page and on Training_Growth. Body: the paragraph. */
const programs = defineCollection({
  loader: from('programs'),
  schema: ({ image }) => z.object({ title: text, order: z.number().int(), image: image(), imageAlt: text, reviewed }),
});

/** Leadership team (6), one YAML file per person. */
const team = defineCollection({
  loader: from('team'),
  schema: ({ image }) =>
    z.object({
      name: text,
      designation: text,
      description: text,
      order: z.number().int(),
      image: image(),
      imageAlt: text,
      reviewed,
    }),
});

/** Customer reviews (3), one YAML file each. */
const reviews = defineCollection({
  loader: from('reviews'),
  schema: ({ image }) =>
    z.object({
      name: text,
      place: text,
      comment: text,
      order: z.number().int(),
      image: image(),
      imageAlt: text,
      reviewed,
    }),
});

/** Loan pages (8). `route` is the page path without the slash. Body: the description. */
const loans = defineCollection({
  loader: from('loans'),
  schema: ({ image }) =>
    z.object({
      route: z.string().regex(/^[A-Za-z]+$/),
      title: text,
      /** One line under the page title, above the form. */
      lead: text,
      loanType: z.enum(LOAN_TYPES),
      order: z.number().int(),
      image: image(),
      imageAlt: text,
      reviewed,
    }),
});

/** Financial planning pages (4). Body: the intro paragraph. */
const plans = defineCollection({
  loader: from('plans'),
  schema: ({ image }) =>
    z.object({
      route: z.string().regex(/^[A-Za-z]+$/),
      subheading: text,
      /** One line under the page title, above the form. */
      lead: text,
      planning: z.enum(PLANNING_OPTIONS),
      order: z.number().int(),
      image: image(),
      imageAlt: text,
      reviewed,
    }),
});

/** Property enquiry pages (buy x5, sell x5). Body: the intro above the form. */
const properties = defineCollection({
  loader: from('properties'),
  schema: ({ image }) =>
    z.object({
      route: z.string().regex(/^[A-Za-z]+$/),
      intent: z.enum(INTENTS),
      category: z.enum(CATEGORIES),
      /** Page heading, e.g. "Buy Flats". */
      title: text,
      /** Card title on the Buy/Sell landing. */
      cardTitle: text,
      cardText: text,
      order: z.number().int(),
      image: image(),
      imageAlt: text,
      reviewed,
    }),
});

/** Hero slides of the home carousel, one YAML file each. */
const slides = defineCollection({
  loader: from('slides'),
  schema: ({ image }) =>
    z.object({
      title: text,
      text,
      href: z.string().startsWith('/'),
      linkText: text,
      order: z.number().int(),
      image: image(),
      imageAlt: text,
      reviewed,
    }),
});

/** Free-standing pages and page sections: about, privacy, contact, home intro, promotion, 404, landings. */
const pages = defineCollection({
  loader: from('pages'),
  schema: ({ image }) =>
    z
      .object({
        title: text,
        description: text,
        /** One line under the page title (pages with a header). */
        subtitle: subtitle.optional(),
        /** Optional list, e.g. the services list of the home intro. */
        items: z.array(text).default([]),
        image: image().optional(),
        imageAlt: text.optional(),
        updated: z.coerce.date().optional(),
        /** A closing call to action (About, the end of the home page). */
        cta: cta.optional(),
        reviewed,
      })
      .refine((page) => !page.image || page.imageAlt, {
        path: ['imageAlt'],
        message: 'A page with an image needs imageAlt, a description of the picture for screen readers.',
      }),
});

/**
 * Consent notices, one JSON file per version (src/lib/consent.ts lists them for the forms and the
 * functions). Loading fails when a published text changed, a version was removed, or the lock or
 * that list is behind (integrations/consent-lock.ts).
 */
const consent = defineCollection({
  loader: from('consent'),
  schema: z.object({ version: z.string().regex(VERSION_PATTERN), text, reviewed }).superRefine((_notice, ctx) => {
    const files = readConsentFolder();
    for (const message of [...consentLockProblems(files, consentLock), ...consentListProblems(files, CONSENT_VERSIONS)]) {
      ctx.addIssue({ code: 'custom', message });
    }
  }),
});

export const collections = { divisions, programs, team, reviews, loans, plans, properties, slides, pages, consent };
