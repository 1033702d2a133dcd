/**
 * The /Privacyrequest form: a request of kind `privacy` (withdraw consent and erase, correct, or
 * tell me what you hold). Name, then mobile or e-mail (one is enough), the reference of an
 * earlier enquiry if the visitor has it, the request, and optional details; and the purposes the
 * visitor may withdraw one at a time (the group's other divisions, WhatsApp updates), with or
 * without a request.
 */
import { privacySchema } from '../../lib/enquiry/privacy.ts';
import { PRIVACY_REQUESTS } from '../../lib/enquiry/options.ts';
import { format } from '../../i18n/format.ts';
import type { FormLanguage } from './language.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';
import EnquiryForm from './EnquiryForm.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { Group } from './FieldGroups.tsx';
import { MessageField } from './MessageField.tsx';
import { TextField } from './TextField.tsx';
import { ChoiceBoxes } from './ChoiceBoxes.tsx';
import { WITHDRAW_FIELDS } from '../../lib/enquiry/consent-purposes.ts';

interface Props extends FormLanguage {
  page: string;
  contact: ContactLinks;
  /** The days we take at most to answer (the identity file's grievance.responseDays). */
  replyWithinDays: number;
}

export default function PrivacyForm({ page, contact, replyWithinDays, ...language }: Props) {
  const { words } = language;
  return (
    <EnquiryForm
      {...language}
      kind="privacy"
      schema={privacySchema}
      hidden={{ page }}
      contact={contact}
      title={words.privacyTitle}
      intro={format(words.privacyIntro, { days: replyWithinDays })}
      submitLabel={words.submitPrivacy}
      privacyRequest={{ replyWithinDays }}
    >
      <Group id="request" title={words.groups.request}>
        <ChoiceField name="request" text={words.fields.request} options={PRIVACY_REQUESTS} chips optional />
        <ChoiceBoxes
          legend={words.withdrawHeading}
          hint={words.withdrawHint}
          boxes={[
            { name: WITHDRAW_FIELDS.group, label: words.withdrawGroup },
            { name: WITHDRAW_FIELDS.whatsapp, label: words.withdrawWhatsapp },
          ]}
        />
        <TextField name="reference" optional />
        <MessageField text={words.fields.requestDetails} optional />
      </Group>
      <Group id="details" title={words.groups.details}>
        <p className="group__note">{words.privacyContact}</p>
        <TextField name="Username" />
        <div className="group__row">
          <TextField name="phone" text={words.fields.privacyPhone} optional />
          <TextField name="email" text={words.fields.privacyEmail} optional />
        </div>
      </Group>
    </EnquiryForm>
  );
}
