/**
 * Turns a zod object schema into Decap CMS fields, by way of zod's own JSON Schema output:
 * required/optional, option lists, patterns and nesting all come from the schema, so the
 * editing screen cannot drift from what the build accepts. Labels, hints and the choice
 * between one-line and multi-line text come from `FieldText` (editor-facing words only).
 *
 * A schema type with no fitting widget throws, naming the field: a new kind of field must be
 * mapped here, never silently left out of the editor.
 */
import { z } from 'zod';
import type { CmsField } from 'decap-cms-core';

const images = new WeakSet<z.ZodType>();
/** Stands in for Astro's `image()` schema helper: a string path that gets the image widget. */
export const cmsImage = () => {
  const schema = z.string();
  images.add(schema);
  return schema;
};

/** Editor-facing words for one field; keys of `fields` are nested names, e.g. `services.title`. */
export interface FieldText {
  label?: string;
  hint?: string;
  /** Multi-line text box instead of a one-line input. */
  multiline?: boolean;
  /** Shown when a pattern (regex) rejects the value. */
  patternMessage?: string;
  /** For lists of objects: the line shown for a collapsed item, e.g. `{{fields.title}}`. */
  summary?: string;
  /** For lists: the name of one item ("service block"). */
  singular?: string;
}
export type FieldTexts = Record<string, FieldText>;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  format?: string;
  default?: unknown;
  /** Set on the schemas made by `cmsImage`. */
  'x-cms-image'?: boolean;
}

/** zod's JSON Schema for what a file may contain (input side: defaulted fields are optional). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if (images.has(ctx.zodSchema as unknown as z.ZodType)) ctx.jsonSchema['x-cms-image'] = true;
      // Dates have no JSON Schema type; mark them so they get a date picker.
      if (ctx.zodSchema._zod.def.type === 'date') ctx.jsonSchema.format = 'date';
    },
  }) as JsonSchema;
}

/** Turns `imageAlt` into "Image alt" when no label is given. */
export const humanise = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Decap fields for the properties of an object schema, in schema order. */
export function fieldsOf(schema: JsonSchema, texts: FieldTexts, prefix = ''): CmsField[] {
  if (schema.type !== 'object' || !schema.properties) throw new Error(`${prefix || 'schema'}: expected an object schema`);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) =>
    fieldOf(`${prefix}${name}`, name, property, required.has(name), texts),
  );
}

/** A text the schema lets be empty (e.g. a registration number not set yet): Decap must not demand it. */
const acceptsEmpty = (schema: JsonSchema) =>
  schema.type === 'string' &&
  !schema['x-cms-image'] &&
  !schema.enum &&
  !schema.minLength &&
  (!schema.pattern || new RegExp(schema.pattern).test(''));

function fieldOf(path: string, name: string, schema: JsonSchema, required: boolean, texts: FieldTexts): CmsField {
  const text = texts[path] ?? {};
  const base = {
    name,
    label: text.label ?? humanise(name),
    required: required && !acceptsEmpty(schema),
    ...(text.hint ? { hint: text.hint } : {}),
  };
  const widget = widgetOf(path, schema, text, texts);
  const pattern =
    schema.pattern && widget.widget !== 'select' && widget.widget !== 'image'
      ? { pattern: [schema.pattern, text.patternMessage ?? 'it does not have the expected form'] as [string, string] }
      : {};
  return { ...base, ...widget, ...pattern };
}

function widgetOf(path: string, schema: JsonSchema, text: FieldText, texts: FieldTexts): Record<string, unknown> {
  if (schema['x-cms-image']) return { widget: 'image', choose_url: false };
  if (schema.enum) return { widget: 'select', options: schema.enum.map(String) };
  if (schema.format === 'date')
    return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true };
  switch (schema.type) {
    case 'string':
      return { widget: text.multiline ? 'text' : 'string' };
    case 'integer':
      return { widget: 'number', value_type: 'int' };
    case 'number':
      return { widget: 'number', value_type: 'float' };
    case 'boolean':
      return { widget: 'boolean' };
    case 'object':
      return { widget: 'object', collapsed: false, fields: fieldsOf(schema, texts, `${path}.`) };
    case 'array': {
      const items = schema.items;
      if (!items) break;
      const list = {
        widget: 'list',
        ...(text.singular ? { label_singular: text.singular } : {}),
        ...(Array.isArray(schema.default) && schema.default.length === 0 ? { default: [] } : {}),
      };
      if (items.type === 'object') {
        return { ...list, collapsed: true, ...(text.summary ? { summary: text.summary } : {}), fields: fieldsOf(items, texts, `${path}.`) };
      }
      // A list of plain values: one field per item, named after the list.
      return { ...list, field: fieldOf(`${path}[]`, 'item', items, true, texts) };
    }
  }
  throw new Error(`${path}: no Decap widget for the schema ${JSON.stringify(schema)}; map it in src/lib/cms/decap-fields.ts`);
}
