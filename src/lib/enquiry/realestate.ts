/**
 * Property enquiry (/api/realestate). `intent` and `category` come from the page; which of
 * `listing` and `type` apply, and which cost bands, depend on them (`realEstateFieldsFor`).
 *
 * Decision on buy-commercial: the original site omits `property` and `type` there. We keep `property`
 * (it is always Buy or Sell, derived from the intent) and omit only `type`.
 * Individual villa/house has neither `listing` nor `type`.
 */
import * as z from 'zod/mini';
import {
  ACRE_BANDS,
  AGRI_COST_BANDS,
  ALL_COST_BANDS,
  AREA_BANDS,
  BEDROOMS,
  CATEGORIES,
  COST_BANDS,
  FLAT_LISTINGS,
  HORIZONS,
  INTENTS,
  PLOT_LISTINGS,
  PROPERTIES,
  type Category,
  type Intent,
} from './options.ts';
import { ALWAYS, choice, commonFields, messageField } from './field-rules.ts';
import { checkCityOfState, locationFields } from './location.ts';
import { m, type MessageKey } from './messages.ts';

export type Property = (typeof PROPERTIES)[number];

/** What a real-estate form shows and sends for one intent + category. */
export interface RealEstateFieldSpec {
  /** Value of `property` (a hidden field: it follows the page's intent). */
  property: Property;
  /** Options of `listing`, or null when the form has no listing choice. */
  listing: readonly string[] | null;
  /** Options of `type`, or null when the form has no type choice. */
  type: readonly string[] | null;
  /** Message (key) shown when no valid `type` is chosen. */
  typeMessage: MessageKey;
  cost: readonly string[];
  time: readonly string[];
  /** Whether photos may be attached (Sell Flats only). */
  photos: boolean;
}

export const propertyOf = (intent: Intent): Property => (intent === 'buy' ? 'Buy' : 'Sell');

export const realEstateFieldsFor = (intent: Intent, category: Category): RealEstateFieldSpec => {
  const base = { property: propertyOf(intent), time: HORIZONS, photos: false, typeMessage: m('size') };
  switch (category) {
    case 'flats':
      return { ...base, listing: FLAT_LISTINGS, type: BEDROOMS, typeMessage: m('bedrooms'), cost: COST_BANDS, photos: intent === 'sell' };
    case 'plots':
      return { ...base, listing: PLOT_LISTINGS, type: AREA_BANDS, cost: COST_BANDS };
    case 'commercial':
      return { ...base, listing: null, type: intent === 'sell' ? AREA_BANDS : null, cost: COST_BANDS };
    case 'agricultural':
      return { ...base, listing: null, type: ACRE_BANDS, typeMessage: m('landSize'), cost: AGRI_COST_BANDS };
    case 'individual':
      return { ...base, listing: null, type: null, cost: COST_BANDS };
  }
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

export const realEstateSchema = z
  .object({
    ...commonFields,
    intent: choice(INTENTS, m('intent')),
    category: choice(CATEGORIES, m('category')),
    property: choice(PROPERTIES, m('property')),
    /** Checked against the category's list below; ignored (and not stored) where it does not apply. */
    listing: z.optional(z.string({ error: m('listingAny') })),
    type: z.optional(z.string({ error: m('size') })),
    cost: choice(ALL_COST_BANDS, m('cost')),
    time: choice(HORIZONS, m('time')),
    ...locationFields,
    message: messageField,
  })
  .check(
    z.superRefine((value, ctx) => {
      checkCityOfState(value, ctx);
      if (!isOneOf(INTENTS, value.intent) || !isOneOf(CATEGORIES, value.category)) return;
      const spec = realEstateFieldsFor(value.intent, value.category);
      if (isOneOf(PROPERTIES, value.property) && value.property !== spec.property) {
        ctx.addIssue({
          code: 'custom',
          path: ['property'],
          message: spec.property === 'Buy' ? m('propertyMatchBuy') : m('propertyMatchSell'),
        });
      }
      if (spec.listing && !isOneOf(spec.listing, value.listing)) {
        ctx.addIssue({
          code: 'custom',
          path: ['listing'],
          message: spec.listing === FLAT_LISTINGS ? m('listingFlats') : m('listingPlots'),
        });
      }
      if (spec.type && !isOneOf(spec.type, value.type)) {
        ctx.addIssue({ code: 'custom', path: ['type'], message: spec.typeMessage });
      }
      // The enum accepted any band; the category narrows it (agricultural has its own bands).
      if (isOneOf(ALL_COST_BANDS, value.cost) && !isOneOf(spec.cost, value.cost)) {
        ctx.addIssue({ code: 'custom', path: ['cost'], message: m('cost') });
      }
    }, ALWAYS),
  );

export type RealEstateInput = z.input<typeof realEstateSchema>;
export type RealEstateEnquiry = z.output<typeof realEstateSchema>;

/**
 * The stored fields of a parsed enquiry: fields that do not apply to its intent + category
 * (e.g. a stray `type` on an individual house) are dropped.
 */
export const applicableRealEstateFields = (enquiry: RealEstateEnquiry) => {
  const spec = realEstateFieldsFor(enquiry.intent, enquiry.category);
  const { listing, type, ...rest } = enquiry;
  return {
    ...rest,
    ...(spec.listing ? { listing } : {}),
    ...(spec.type ? { type } : {}),
  };
};
