/**
 * getStaticPaths of the pages under src/pages/[...locale]/: one page file serves every language.
 * English has no `locale` parameter (its routes stay as they are); the others get /ta/, /te/, /kn/.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../i18n/locales.ts';

export const localeParam = (locale: Locale): string | undefined => (locale === DEFAULT_LOCALE ? undefined : locale);

/** A page with one version per language. */
export const everyLocale = () => LOCALES.map((locale) => ({ params: { locale: localeParam(locale) }, props: { locale } }));

/** A family of pages (one per entry) in every language: `build` gives each language's pages. */
export async function inEveryLocale<Params extends Record<string, string>, Props extends object>(
  build: (locale: Locale) => Promise<{ params: Params; props: Props }[]> | { params: Params; props: Props }[],
): Promise<{ params: Params & { locale: string | undefined }; props: Props & { locale: Locale } }[]> {
  const perLocale = await Promise.all(
    LOCALES.map(async (locale) =>
      (await build(locale)).map(({ params, props }) => ({
        params: { ...params, locale: localeParam(locale) },
        props: { ...props, locale },
      })),
    ),
  );
  return perLocale.flat();
}
