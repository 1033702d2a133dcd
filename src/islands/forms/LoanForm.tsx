/** The eight loan enquiry forms: each page preselects its own loan type. */
import { bankLoanSchema } from '../../lib/enquiry/bankloan.ts';
import { AMOUNTS, BANK_TYPES, LOAN_TYPES, PROFESSIONS, type LoanType } from '../../lib/enquiry/loan-options.ts';
import type { FormLanguage } from './language.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';
import EnquiryForm from './EnquiryForm.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { ContactDetails, Group } from './FieldGroups.tsx';
import LocationFields from './LocationFields.tsx';

interface Props extends FormLanguage {
  loanType: LoanType;
  page: string;
  contact: ContactLinks;
}

export default function LoanForm({ loanType, page, contact, ...language }: Props) {
  return (
    <EnquiryForm
      {...language}
      kind="bankloan"
      schema={bankLoanSchema}
      hidden={{ page }}
      contact={contact}
      title={language.words.title}
      intro={language.words.intro}
      submitLabel={language.words.submit}
    >
      <Group id="need" title={language.words.groups.need}>
        <ChoiceField
          name="Loantype"
          text={language.words.fields.Loantype}
          options={LOAN_TYPES}
          placeholder={language.words.placeholders.Loantype}
          preselected={loanType}
        />
        <ChoiceField name="Amount" text={language.words.fields.Amount} options={AMOUNTS} placeholder={language.words.placeholders.Amount} />
        <ChoiceField name="Banktype" text={language.words.fields.Banktype} options={BANK_TYPES} chips />
        <ChoiceField name="Profession" text={language.words.fields.Profession} options={PROFESSIONS} chips />
      </Group>
      <Group id="where" title={language.words.groups.where}>
        <LocationFields />
      </Group>
      <Group id="details" title={language.words.groups.details}>
        <ContactDetails />
      </Group>
    </EnquiryForm>
  );
}
