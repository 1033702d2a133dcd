/** The ten property enquiry forms: which fields show follows `realEstateFieldsFor(intent, category)`. */
import { realEstateFieldsFor, realEstateSchema } from '../../lib/enquiry/realestate';
import type { Category, Intent } from '../../lib/enquiry/options';
import { FIELD_TEXT, FORM_TEXT, PLACEHOLDERS } from '../../lib/enquiry/form-text';
import type { ContactLinks } from '../../lib/contact-links';
import EnquiryForm from './EnquiryForm';
import { ChoiceField, ContactDetails, Group, MessageField } from './CommonFields';
import LocationFields from './LocationFields';

interface Props {
  intent: Intent;
  category: Category;
  page: string;
  contact: ContactLinks;
}

const typeText = (category: Category) =>
  category === 'flats' ? FIELD_TEXT.bedrooms : category === 'agricultural' ? FIELD_TEXT.landSize : FIELD_TEXT.type;

export default function PropertyForm({ intent, category, page, contact }: Props) {
  const spec = realEstateFieldsFor(intent, category);
  return (
    <EnquiryForm
      kind="realestate"
      schema={realEstateSchema}
      hidden={{ page, intent, category, property: spec.property }}
      contact={contact}
      title={FORM_TEXT.title}
      intro={FORM_TEXT.intro}
      submitLabel={FORM_TEXT.submit}
      photos={spec.photos}
    >
      <Group id="need" title={FORM_TEXT.groups.property}>
        {spec.listing && <ChoiceField name="listing" text={FIELD_TEXT.listing} options={spec.listing} chips />}
        {spec.type && <ChoiceField name="type" text={typeText(category)} options={spec.type} chips />}
        <ChoiceField name="cost" text={FIELD_TEXT.cost} options={spec.cost} placeholder={PLACEHOLDERS.cost} />
      </Group>
      <Group id="when" title={FORM_TEXT.groups.when}>
        <ChoiceField name="time" text={FIELD_TEXT.time} options={spec.time} chips />
        <LocationFields />
      </Group>
      <Group id="details" title={FORM_TEXT.groups.details}>
        <ContactDetails />
        <MessageField />
      </Group>
    </EnquiryForm>
  );
}
