/**
 * When and in which language to call a visitor back, as the team reads it: "Evening
 * (16:00-19:00), in Tamil". The team's e-mail puts it near the top and the inbox under the name.
 * No time chosen: any time within the calling hours; no language chosen: the language of the
 * page the enquiry came from (the form starts on it).
 */
import { CALL_HOURS } from './options.ts';
import { LANGUAGE_NAMES_EN, localeOrDefault } from '../../i18n/locales.ts';

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The fields it reads, of any record that may have them (a lead, the fallback's fields). */
type CallBackFields = Partial<Record<'callTime' | 'callLanguage' | 'locale', unknown>>;

export const callBackText = (record: object): string => {
  const lead = record as CallBackFields;
  const time = given(lead.callTime) ? lead.callTime : `any time (${CALL_HOURS})`;
  const language = given(lead.callLanguage) ? lead.callLanguage : LANGUAGE_NAMES_EN[localeOrDefault(lead.locale)];
  return `${time}, in ${language}`;
};
