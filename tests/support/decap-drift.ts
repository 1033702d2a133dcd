/**
 * Compares a Decap CMS field list with a zod object schema, walking the zod schema itself (not
 * the JSON Schema the generator uses), and lists every difference in plain words: a field in one
 * and not the other, required vs optional, a widget that does not fit, select options that differ.
 */
import { z } from 'zod';
import type { CmsField } from 'decap-cms-core';

/** An `image()` stand-in whose schemas the comparison can recognise. */
export function imageMarker() {
  const made = new WeakSet<z.ZodType>();
  const image = () => {
    const schema = z.string();
    made.add(schema);
    return schema;
  };
  return { image, isImage: (schema: z.ZodType) => made.has(schema) };
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch']);

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (WRAPPERS.has(current._zod.def.type)) current = (current._zod.def as unknown as { innerType: z.ZodType }).innerType;
  return current;
}

/** Whether a file may leave the field out (optional, or filled by a default). */
const mayBeMissing = (schema: z.ZodType) => schema.safeParse(undefined).success;
/** A text that may be left empty (Decap saves an emptied optional text as ""). */
const mayBeEmpty = (schema: z.ZodType) => unwrap(schema)._zod.def.type === 'string' && schema.safeParse('').success;

interface Options {
  isImage: (schema: z.ZodType) => boolean;
  /** Decap fields that are not schema fields (the Markdown `body`). */
  extraFields?: string[];
}

export function compareFields(schema: z.ZodObject, fields: readonly CmsField[], options: Options, path = ''): string[] {
  const problems: string[] = [];
  const shape = schema.shape as Record<string, z.ZodType>;
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const name of Object.keys(shape)) {
    if (!byName.has(name)) problems.push(`${path}${name}: in the schema, not in Decap`);
  }
  for (const field of fields) {
    if (!(field.name in shape) && !options.extraFields?.includes(field.name))
      problems.push(`${path}${field.name}: in Decap, not in the schema`);
  }
  for (const [name, zodField] of Object.entries(shape)) {
    const field = byName.get(name);
    if (field) problems.push(...compareField(zodField, field, options, `${path}${name}`));
  }
  return problems;
}

function compareField(zodField: z.ZodType, field: CmsField, options: Options, path: string): string[] {
  const problems: string[] = [];
  const required = field.required !== false;
  if (required === (mayBeMissing(zodField) || (!options.isImage(unwrap(zodField)) && mayBeEmpty(zodField)))) {
    problems.push(`${path}: ${required ? 'required in Decap, optional in the schema' : 'optional in Decap, required in the schema'}`);
  }
  const inner = unwrap(zodField);
  const widget = 'widget' in field ? (field.widget ?? 'string') : 'string';
  const expect = (wanted: string[]) => {
    if (!wanted.includes(widget)) problems.push(`${path}: widget ${widget}, expected ${wanted.join(' or ')}`);
  };
  const type = inner._zod.def.type;
  if (options.isImage(inner)) {
    expect(['image']);
  } else if (type === 'enum') {
    expect(['select']);
    const wanted = (inner as z.ZodEnum).options.map(String);
    const got =
      'options' in field ? (field.options as unknown[]).map((o) => (typeof o === 'object' && o ? (o as { value: unknown }).value : o)) : [];
    if (JSON.stringify(got) !== JSON.stringify(wanted))
      problems.push(`${path}: select options ${JSON.stringify(got)} differ from ${JSON.stringify(wanted)}`);
  } else if (type === 'string') {
    expect(['string', 'text']);
  } else if (type === 'number') {
    expect(['number']);
  } else if (type === 'boolean') {
    expect(['boolean']);
  } else if (type === 'date') {
    expect(['datetime']);
  } else if (type === 'object') {
    expect(['object']);
    problems.push(
      ...compareFields(
        inner as z.ZodObject,
        'fields' in field ? (field.fields as CmsField[]) : [],
        { isImage: options.isImage },
        `${path}.`,
      ),
    );
  } else if (type === 'array') {
    expect(['list']);
    const element = unwrap((inner as z.ZodArray<z.ZodType>).element);
    if (element._zod.def.type === 'object') {
      problems.push(
        ...compareFields(
          element as z.ZodObject,
          'fields' in field ? (field.fields as CmsField[]) : [],
          { isImage: options.isImage },
          `${path}[].`,
        ),
      );
    } else if ('field' in field && field.field) {
      problems.push(...compareField(element, field.field, options, `${path}[]`));
    } else {
      problems.push(`${path}: a list of values needs one Decap \`field\``);
    }
  } else {
    problems.push(`${path}: no comparison for the zod type ${type}`);
  }
  return problems;
}
