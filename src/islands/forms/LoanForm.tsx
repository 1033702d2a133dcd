/** The eight loan enquiry forms: each page preselects its own loan type. */
import { bankLoanSchema } from '../../lib/enquiry/bankloan';
import { AMOUNTS, BANK_TYPES, LOAN_TYPES, PROFESSIONS, type LoanType } from '../../lib/enquiry/options';
import { FIELD_TEXT, FORM_TEXT, PLACEHOLDERS } from '../../lib/enquiry/form-text';
import type { ContactLinks } from '../../lib/contact-links';
import EnquiryForm from './EnquiryForm';
import { ChoiceField, ContactDetails, Group } from './CommonFields';
import LocationFields from './LocationFields';

interface Props {
  loanType: LoanType;
  page: string;
  contact: ContactLinks;
}

export default function LoanForm({ loanType, page, contact }: Props) {
  return (
    <EnquiryForm
      kind="bankloan"
      schema={bankLoanSchema}
      hidden={{ page }}
      contact={contact}
      title={FORM_TEXT.title}
      intro={FORM_TEXT.intro}
      submitLabel={FORM_TEXT.submit}
    >
      <Group id="need" title={FORM_TEXT.groups.need}>
        <ChoiceField
          name="Loantype"
          text={FIELD_TEXT.Loantype}
          options={LOAN_TYPES}
          placeholder={PLACEHOLDERS.Loantype}
          preselected={loanType}
        />
        <ChoiceField name="Amount" text={FIELD_TEXT.Amount} options={AMOUNTS} placeholder={PLACEHOLDERS.Amount} />
        <ChoiceField name="Banktype" text={FIELD_TEXT.Banktype} options={BANK_TYPES} chips />
        <ChoiceField name="Profession" text={FIELD_TEXT.Profession} options={PROFESSIONS} chips />
      </Group>
      <Group id="where" title={FORM_TEXT.groups.where}>
        <LocationFields />
      </Group>
      <Group id="details" title={FORM_TEXT.groups.details}>
        <ContactDetails />
      </Group>
    </EnquiryForm>
  );
}
