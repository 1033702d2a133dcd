/** The four financial planning forms: each page preselects its own option. */
import { financeSchema } from '../../lib/enquiry/finance';
import { PLANNING_OPTIONS, type PlanningOption } from '../../lib/enquiry/options';
import { FIELD_TEXT, FORM_TEXT } from '../../lib/enquiry/form-text';
import type { ContactLinks } from '../../lib/contact-links';
import EnquiryForm from './EnquiryForm';
import { ChoiceField, ContactDetails, Group } from './CommonFields';

interface Props {
  planning: PlanningOption;
  page: string;
  contact: ContactLinks;
}

export default function PlanForm({ planning, page, contact }: Props) {
  return (
    <EnquiryForm
      kind="finance"
      schema={financeSchema}
      hidden={{ page }}
      contact={contact}
      title={FORM_TEXT.title}
      intro={FORM_TEXT.intro}
      submitLabel={FORM_TEXT.submit}
    >
      <Group id="need" title={FORM_TEXT.groups.need}>
        <ChoiceField name="Planning" text={FIELD_TEXT.Planning} options={PLANNING_OPTIONS} preselected={planning} chips />
      </Group>
      <Group id="details" title={FORM_TEXT.groups.details}>
        <ContactDetails />
      </Group>
    </EnquiryForm>
  );
}
