/** The consent every enquiry needs: the notice, the box to tick, and the way to take consent back. */
import { consentParts } from '../../lib/consent.ts';
import { format } from '../../i18n/format.ts';
import { fieldIds, useFormMeta } from './context.ts';
import { useFieldError, useFieldState } from './field-state.ts';
import { ErrorText, describedBy } from './FieldShell.tsx';
import type { ConsentShown } from './language.ts';

/**
 * The consent box, unticked, with the consent notice the page gives (one sentence, linking to the
 * privacy policy), and under it the way to take consent back: the privacy request form.
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
      <p className="consent__withdraw">
        <a href={notice.withdrawHref}>{words.consentWithdraw}</a>
      </p>
    </div>
  );
}
