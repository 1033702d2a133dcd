/**
 * The ten property enquiry forms: which fields show follows `realEstateFieldsFor(intent, category)`.
 * Sell Flats, the one with photos, is its own island (SellFlatsForm.tsx), which hands this form
 * the photo field.
 */
import type { ComponentType } from 'react';
import { realEstateFieldsFor, realEstateSchema } from '../../lib/enquiry/realestate.ts';
import type { Category, Intent } from '../../lib/enquiry/options.ts';
import type { FormLanguage } from './language.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';
import EnquiryForm from './EnquiryForm.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { ContactDetails, Group } from './FieldGroups.tsx';
import { MessageField } from './MessageField.tsx';
import LocationFields from './LocationFields.tsx';
import type { PhotoFieldProps } from './PhotoField.tsx';

export interface PropertyFormProps extends FormLanguage {
  intent: Intent;
  category: Category;
  page: string;
  contact: ContactLinks;
  /** The photo field, for the page whose fields have photos (SellFlatsForm gives it). */
  photoField?: ComponentType<PhotoFieldProps>;
}

const typeText = (fields: FormLanguage['words']['fields'], category: Category) =>
  category === 'flats' ? fields.bedrooms : category === 'agricultural' ? fields.landSize : fields.type;

export default function PropertyForm({ intent, category, page, contact, photoField, ...language }: PropertyFormProps) {
  const spec = realEstateFieldsFor(intent, category);
  return (
    <EnquiryForm
      {...language}
      kind="realestate"
      schema={realEstateSchema}
      hidden={{ page, intent, category, property: spec.property }}
      contact={contact}
      title={language.words.title}
      intro={language.words.intro}
      submitLabel={language.words.submit}
      photoField={spec.photos ? photoField : undefined}
    >
      <Group id="need" title={language.words.groups.property}>
        {spec.listing && <ChoiceField name="listing" text={language.words.fields.listing} options={spec.listing} chips />}
        {spec.type && <ChoiceField name="type" text={typeText(language.words.fields, category)} options={spec.type} chips />}
        <ChoiceField name="cost" text={language.words.fields.cost} options={spec.cost} placeholder={language.words.placeholders.cost} />
      </Group>
      <Group id="when" title={language.words.groups.when}>
        <ChoiceField name="time" text={language.words.fields.time} options={spec.time} chips />
        <LocationFields />
      </Group>
      <Group id="details" title={language.words.groups.details}>
        <ContactDetails />
        <MessageField />
      </Group>
    </EnquiryForm>
  );
}
