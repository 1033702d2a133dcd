import { describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import Registrations from '../../src/components/layout/Registrations.astro';

describe("the footer's registration numbers", () => {
  it('renders each number that is set, with its label, and nothing for the others', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Registrations, {
      props: { registrations: { rera: 'TN/29/Agent/0000/2024', amfiArn: '', gstin: '33AAAAA0000A1Z5', cin: ' ' } },
    });
    expect(html).toContain('aria-label="Registration numbers"');
    expect(html).toMatch(/RERA registration: <span[^>]*>TN\/29\/Agent\/0000\/2024<\/span>/);
    expect(html).toMatch(/GSTIN: <span[^>]*>33AAAAA0000A1Z5<\/span>/);
    expect(html).not.toContain('AMFI');
    expect(html).not.toContain('CIN');
  });

  it('renders no list at all while none is set', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Registrations, { props: { registrations: { rera: '', amfiArn: '', gstin: '', cin: '' } } });
    expect(html).not.toContain('<ul');
  });
});
