import { afterEach, describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import PreviewBanner from '../../src/components/layout/PreviewBanner.astro';
import { en } from '../../src/i18n/en.ts';
import { ta } from '../../src/i18n/ta.ts';

const render = async (context: string | undefined, text = en.site.previewBanner) => {
  if (context === undefined) delete process.env.CONTEXT;
  else process.env.CONTEXT = context;
  return (await AstroContainer.create()).renderToString(PreviewBanner, { props: { text } });
};

describe('the preview banner (built with Netlify’s CONTEXT)', () => {
  afterEach(() => {
    delete process.env.CONTEXT;
  });

  it.each(['deploy-preview', 'branch-deploy', undefined, 'something-new'])(
    'shows on a %s build, in the page’s language',
    async (context) => {
      expect(await render(context)).toContain('Preview site: enquiries sent here do not reach the team.');
      expect(await render(context, ta.site.previewBanner)).toContain(ta.site.previewBanner);
    },
  );

  // A missing context is a preview for the build as for the functions (src/server/deploy-context.ts).
  it.each(['production', 'dev'])('is absent from a %s build', async (context) => {
    expect(await render(context)).not.toContain('preview-banner');
  });
});
