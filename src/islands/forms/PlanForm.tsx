/** The four financial planning forms: each page preselects its own option. */
import { financeSchema } from '../../lib/enquiry/finance.ts';
import { PLANNING_OPTIONS, SIP_BANDS, type PlanningOption } from '../../lib/enquiry/plan-options.ts';
import type { FormLanguage } from './language.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';
import EnquiryForm from './EnquiryForm.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { ContactDetails, Group } from './FieldGroups.tsx';

interface Props extends FormLanguage {
  planning: PlanningOption;
  page: string;
  contact: ContactLinks;
}

export default function PlanForm({ planning, page, contact, ...language }: Props) {
  return (
    <EnquiryForm
      {...language}
      kind="finance"
      schema={financeSchema}
      hidden={{ page }}
      contact={contact}
      title={language.words.title}
      intro={language.words.intro}
      submitLabel={language.words.submit}
    >
      <Group id="need" title={language.words.groups.need}>
        <ChoiceField name="Planning" text={language.words.fields.Planning} options={PLANNING_OPTIONS} preselected={planning} chips />
        <ChoiceField
          name="Monthly"
          text={language.words.fields.Monthly}
          options={SIP_BANDS}
          placeholder={language.words.placeholders.Monthly}
          optional
        />
      </Group>
      <Group id="details" title={language.words.groups.details}>
        <ContactDetails />
      </Group>
    </EnquiryForm>
  );
}
