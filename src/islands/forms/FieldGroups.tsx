/** Fields in groups: a titled group, and the two groups every form has (who to call, and when). */
import type { ReactNode } from 'react';
import { CALL_LANGUAGES, CALL_TIMES } from '../../lib/enquiry/options.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { useFormMeta } from './context.ts';
import { TextField } from './TextField.tsx';

/** A small heading over a group of fields; the group is named by it for screen readers. */
export function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${useFormMeta().idPrefix}-group-${id}`;
  return (
    <div className="group" role="group" aria-labelledby={headingId}>
      <h3 className="group__title" id={headingId}>
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The visitor's name and mobile (side by side where there is room) and e-mail: every form has them. */
export function ContactDetails() {
  return (
    <>
      <div className="group__row">
        <TextField name="Username" />
        <TextField name="phone" />
      </div>
      <TextField name="email" />
    </>
  );
}

/**
 * When and in which language to call the visitor back: optional, on every form. Calls stay within
 * 9:30 to 19:00 (the banks' code for loan agents); "any time" sends nothing. The language starts
 * on the page's own (`languageEn`: English, Tamil, Telugu or Kannada), in the plain HTML form too.
 */
export function CallFields({ language }: { language: string }) {
  const { words } = useFormMeta();
  return (
    <Group id="call" title={words.groups.call}>
      <ChoiceField name="callTime" text={words.fields.callTime} options={CALL_TIMES} chips optional none={words.callAnyTime} />
      <ChoiceField
        name="callLanguage"
        text={words.fields.callLanguage}
        options={CALL_LANGUAGES}
        chips
        optional
        preselected={(CALL_LANGUAGES as readonly string[]).includes(language) ? language : undefined}
      />
    </Group>
  );
}
