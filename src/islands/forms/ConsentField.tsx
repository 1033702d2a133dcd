/**
 * The consent every enquiry needs: the notice, the box to tick, the two purposes the visitor may
 * add (each a box of its own, never ticked for them), and the way to take consent back.
 */
import { consentParts } from '../../lib/consent-form.ts';
import { format } from '../../i18n/format.ts';
import { fieldIds, useFormMeta } from './context.ts';
import { useFieldError, useFieldState } from './field-state.ts';
import { ErrorText, describedBy } from './FieldShell.tsx';
import type { ConsentShown } from './language.ts';
import { ChoiceBoxes } from './ChoiceBoxes.tsx';
import { PURPOSE_FIELDS } from '../../lib/enquiry/consent-purposes.ts';

/**
 * The consent box, unticked, with the consent notice the page gives (linking to the privacy
 * policy, and naming the group's divisions), the boxes of the group's other divisions and of
 * WhatsApp updates, and under them the way to take consent back: the privacy request form.
 */
export function ConsentField({ brand, notice, pageLocale }: { brand: string; notice: ConsentShown; pageLocale: string }) {
  const { field } = useFieldState();
  const { idPrefix, words } = useFormMeta();
  const error = useFieldError('consent');
  const ids = fieldIds(idPrefix, 'consent');
  return (
    <div className={['field', 'consent', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <p className="consent__notice" id={ids.hint} lang={notice.locale === pageLocale ? undefined : notice.locale}>
        {consentParts(notice.text).map((part, index) =>
          part.href ? (
            <a key={index} href={part.href}>
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
      <div className="consent__box">
        <input id={ids.input} type="checkbox" required {...describedBy(ids, true, error)} {...field('consent')} />
        <label htmlFor={ids.input}>{format(words.consentLabel, { brand })}</label>
      </div>
      <ErrorText id={ids.error} message={error} />
      <ChoiceBoxes
        legend={words.consentMore}
        boxes={[
          { name: PURPOSE_FIELDS.group, label: words.consentGroup },
          { name: PURPOSE_FIELDS.whatsapp, label: words.consentWhatsapp },
        ]}
      />
      <p className="consent__withdraw">
        <a href={notice.withdrawHref}>{words.consentWithdraw}</a>
      </p>
    </div>
  );
}
