/** The /Contactus form: a lead of kind `contact` (name, mobile, e-mail and message). */
import { contactSchema } from '../../lib/enquiry/contact.ts';
import type { FormLanguage } from './language.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';
import EnquiryForm from './EnquiryForm.tsx';
import { ContactDetails, Group } from './FieldGroups.tsx';
import { MessageField } from './MessageField.tsx';

interface Props extends FormLanguage {
  page: string;
  contact: ContactLinks;
}

export default function ContactForm({ page, contact, ...language }: Props) {
  return (
    <EnquiryForm
      {...language}
      kind="contact"
      schema={contactSchema}
      hidden={{ page }}
      contact={contact}
      title={language.words.contactTitle}
      intro={language.words.contactIntro}
      submitLabel={language.words.submitContact}
    >
      <Group id="details" title={language.words.groups.details}>
        <ContactDetails />
      </Group>
      <Group id="message" title={language.words.groups.message}>
        <MessageField />
      </Group>
    </EnquiryForm>
  );
}
