/**
 * The page templates, one page file under src/pages each, and the pages that stand for them in
 * the browser checks (tests/e2e/templates.spec.ts: axe, no console error or CSP violation, nothing
 * sideways at 360 px with the menu open, long words at 360, 390 and 1280 px, the subtitle).
 *
 * Every page of a template is drawn by the same file from the same components; what differs between
 * them is content, which the checks over dist/ read on every page (tests/dist/). So the browser
 * checks each template once per language. Where the pages of a family differ in what they show (a
 * sell form with photos, a page with a calculator, the Training division's programmes), each
 * language takes the next sample in turn, so every listed variant is seen once.
 *
 * tests/dist/templates.test.ts proves that every page in the build comes from a template listed
 * here, and that every sample is a built page of its template.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { localizePath } from '../../src/lib/routing/paths.ts';

export interface Template {
  /** The page file, relative to src/pages. */
  file: string;
  /**
   * Routes of its pages (as in English) that stand for it in the browser checks: language i of
   * LOCALES takes sample i modulo their number. No more samples than languages, so each is checked.
   */
  samples: string[];
}

/** A template the browser checks of templates.spec.ts leave to a spec of its own, and why. */
export interface TemplateCheckedElsewhere {
  file: string;
  /** The spec (under tests/e2e) that checks it in the browser. */
  checkedBy: string;
  why: string;
}

/** The address a visitor meets the 404 page at: any unknown path. */
const NOT_FOUND = '/no-such-page';

export const TEMPLATES: Template[] = [
  { file: '[...locale]/index.astro', samples: ['/'] },
  { file: '[...locale]/Aboutpage.astro', samples: ['/Aboutpage'] },
  { file: '[...locale]/Contactus.astro', samples: ['/Contactus'] },
  { file: '[...locale]/Privacy.astro', samples: ['/Privacy'] },
  { file: '[...locale]/Privacyrequest.astro', samples: ['/Privacyrequest'] },
  { file: '[...locale]/Privacyrequestsent.astro', samples: ['/Privacyrequestsent'] },
  { file: '[...locale]/Thankyou.astro', samples: ['/Thankyou'] },
  { file: '[...locale]/404.astro', samples: ['/404'] },
  // Realty carries the RERA block; Training has programmes instead of service blocks.
  {
    file: '[...locale]/[division].astro',
    samples: ['/Aranya_Realty', '/Training_Growth', '/Aranya_Consulting', '/Immigration_International_Services'],
  },
  { file: '[...locale]/[landing].astro', samples: ['/Buy', '/Sell'] },
  // Sell flats: listing, bedrooms and photos; plots and agricultural land: the land calculator;
  // sell commercial: the size chips.
  { file: '[...locale]/[property].astro', samples: ['/Sellflats', '/Plots', '/Sellcommercial', '/Agricultural'] },
  // Gold loans start the EMI calculator on a shorter term.
  { file: '[...locale]/[loan].astro', samples: ['/Vehicleloan', '/Goldloan', '/Letterofcredit', '/Overdraftloan'] },
  // Mutual funds and the financial plan have the SIP calculator; PMS and AIF do not.
  { file: '[...locale]/[plan].astro', samples: ['/Mutualfunds', '/PMS', '/Financialplan', '/AIF'] },
];

export const CHECKED_ELSEWHERE: TemplateCheckedElsewhere[] = [
  {
    file: 'leads.astro',
    checkedBy: 'inbox.spec.ts',
    why: "the team's inbox needs leads and its sign-in to show anything; the spec runs axe and the widths on it",
  },
  {
    file: 'admin.astro',
    checkedBy: 'admin.spec.ts',
    why: "Decap CMS's own screens, not our markup; the spec proves it starts under its CSP",
  },
];

/** One browser check: a template's sample in one language, and the address to visit for it. */
export interface TemplateSample {
  file: string;
  locale: Locale;
  /** The sample's route in English, e.g. `/Flats`. */
  route: string;
  /** Where the browser goes: the route in the language (the 404 page at an unknown address). */
  visit: string;
}

/** The route a language checks a template with. */
export const sampleFor = (template: Template, locale: Locale): string =>
  template.samples[LOCALES.indexOf(locale) % template.samples.length];

/** Every template in every language: what the browser checks visit. */
export const TEMPLATE_SAMPLES: TemplateSample[] = TEMPLATES.flatMap((template) =>
  LOCALES.map((locale) => {
    const route = sampleFor(template, locale);
    return { file: template.file, locale, route, visit: localizePath(route === '/404' ? NOT_FOUND : route, locale) };
  }),
);

/** The samples of one language. */
export const samplesIn = (locale: Locale = DEFAULT_LOCALE): TemplateSample[] =>
  TEMPLATE_SAMPLES.filter((sample) => sample.locale === locale);
