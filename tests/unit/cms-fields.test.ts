import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsImage, fieldsOf, humanise, toJsonSchema } from '../../src/lib/cms/decap-fields.ts';

const text = z.string().trim().min(1);

describe('zod schema to Decap fields', () => {
  it('maps each kind of field, with required/optional, options, patterns and nesting', () => {
    const schema = z.object({
      title: text,
      summary: text.optional(),
      order: z.number().int(),
      ratio: z.number(),
      kind: z.enum(['buy', 'sell']),
      route: z.string().regex(/^[A-Za-z]+$/),
      rera: z.string().trim(),
      arn: z.string().regex(/^(ARN-\d{1,8})?$/),
      items: z.array(text).default([]),
      image: cmsImage(),
      imageAlt: text,
      updated: z.coerce.date().optional(),
      visible: z.boolean(),
      address: z.object({
        town: text,
        postcode: z
          .string()
          .regex(/^\d{6}$/)
          .optional(),
      }),
      blocks: z.array(z.object({ heading: text, picture: cmsImage() })).default([]),
    });
    const fields = fieldsOf(toJsonSchema(schema), {
      summary: { label: 'Card text', hint: 'Two sentences.', multiline: true },
      route: { patternMessage: 'Letters only' },
      blocks: { singular: 'block', summary: '{{fields.heading}}' },
      'blocks.heading': { label: 'Heading' },
      'address.postcode': { label: 'PIN code' },
    });
    expect(fields).toEqual([
      { name: 'title', label: 'Title', required: true, widget: 'string' },
      { name: 'summary', label: 'Card text', hint: 'Two sentences.', required: false, widget: 'text' },
      { name: 'order', label: 'Order', required: true, widget: 'number', value_type: 'int' },
      { name: 'ratio', label: 'Ratio', required: true, widget: 'number', value_type: 'float' },
      { name: 'kind', label: 'Kind', required: true, widget: 'select', options: ['buy', 'sell'] },
      { name: 'route', label: 'Route', required: true, widget: 'string', pattern: ['^[A-Za-z]+$', 'Letters only'] },
      // Texts the schema lets be empty are not demanded by Decap (its fields are required by default).
      { name: 'rera', label: 'Rera', required: false, widget: 'string' },
      {
        name: 'arn',
        label: 'Arn',
        required: false,
        widget: 'string',
        pattern: ['^(ARN-\\d{1,8})?$', 'it does not have the expected form'],
      },
      {
        name: 'items',
        label: 'Items',
        required: false,
        widget: 'list',
        default: [],
        field: { name: 'item', label: 'Item', required: true, widget: 'string' },
      },
      { name: 'image', label: 'Image', required: true, widget: 'image', choose_url: false },
      { name: 'imageAlt', label: 'Image alt', required: true, widget: 'string' },
      {
        name: 'updated',
        label: 'Updated',
        required: false,
        widget: 'datetime',
        format: 'YYYY-MM-DD',
        date_format: 'YYYY-MM-DD',
        time_format: false,
        picker_utc: true,
      },
      { name: 'visible', label: 'Visible', required: true, widget: 'boolean' },
      {
        name: 'address',
        label: 'Address',
        required: true,
        widget: 'object',
        collapsed: false,
        fields: [
          { name: 'town', label: 'Town', required: true, widget: 'string' },
          {
            name: 'postcode',
            label: 'PIN code',
            required: false,
            widget: 'string',
            pattern: ['^\\d{6}$', 'it does not have the expected form'],
          },
        ],
      },
      {
        name: 'blocks',
        label: 'Blocks',
        required: false,
        widget: 'list',
        label_singular: 'block',
        default: [],
        collapsed: true,
        summary: '{{fields.heading}}',
        fields: [
          { name: 'heading', label: 'Heading', required: true, widget: 'string' },
          { name: 'picture', label: 'Picture', required: true, widget: 'image', choose_url: false },
        ],
      },
    ]);
  });

  it('gives a startsWith rule as a pattern Decap can check', () => {
    const [href] = fieldsOf(toJsonSchema(z.object({ href: z.string().startsWith('/') })), {});
    const [source] = (href as { pattern: [string, string] }).pattern;
    expect(new RegExp(source).test('/Buy')).toBe(true);
    expect(new RegExp(source).test('https://x.example')).toBe(false);
  });

  it('refuses a schema type it has no widget for, naming the field', () => {
    expect(() => fieldsOf(toJsonSchema(z.object({ tags: z.record(z.string(), z.string()) })), {})).toThrow(/tags/);
    expect(() => fieldsOf(toJsonSchema(z.object({ either: z.union([z.string(), z.number()]) })), {})).toThrow(/either: no Decap widget/);
  });

  it('makes labels from field names when none is given', () => {
    expect(humanise('imageAlt')).toBe('Image alt');
    expect(humanise('cardTitle')).toBe('Card title');
    expect(humanise('post_code')).toBe('Post code');
  });
});
