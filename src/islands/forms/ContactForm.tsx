/** The /Contactus form: a lead of kind `contact` (name, mobile, e-mail and message). */
import { contactSchema } from '../../lib/enquiry/contact';
import { FORM_TEXT } from '../../lib/enquiry/form-text';
import type { ContactLinks } from '../../lib/contact-links';
import EnquiryForm from './EnquiryForm';
import { ContactDetails, Group, MessageField } from './CommonFields';

interface Props {
  page: string;
  contact: ContactLinks;
}

export default function ContactForm({ page, contact }: Props) {
  return (
    <EnquiryForm
      kind="contact"
      schema={contactSchema}
      hidden={{ page }}
      contact={contact}
      title={FORM_TEXT.contactTitle}
      intro={FORM_TEXT.contactIntro}
      submitLabel={FORM_TEXT.submitContact}
    >
      <Group id="details" title={FORM_TEXT.groups.details}>
        <ContactDetails />
      </Group>
      <Group id="message" title={FORM_TEXT.groups.message}>
        <MessageField />
      </Group>
    </EnquiryForm>
  );
}
