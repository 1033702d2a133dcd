/**
 * The shared field rules and the four schemas, with valid and invalid examples per kind.
 * These are the same schemas the browser forms use.
 */
import { describe, expect, test } from 'vitest';
import {
  AGRI_COST_BANDS,
  CALL_LANGUAGES,
  CALL_TIMES,
  COST_BANDS,
  LOAN_TYPES,
  enquirySchemas,
  fieldMessages,
  formatCurrentDate,
  normalisePhone,
  realEstateFieldsFor,
  type EnquiryKind,
} from '../../src/lib/enquiry/index.ts';
import { MESSAGES } from '../support/words.ts';
import { en } from '../../src/i18n/en.ts';
import { citiesOf, isCityOf } from '../../src/data/locations.ts';
import { INVALID_VALUES, invalid, valid, validBankLoan, validFinance, validRealEstate } from '../../harness/sample-enquiries.ts';

const KINDS: EnquiryKind[] = ['realestate', 'bankloan', 'finance', 'contact'];

/** Parses with a kind's schema; returns the output or the per-field messages. */
const check = (kind: EnquiryKind, input: Record<string, unknown>) => {
  const result = enquirySchemas[kind].safeParse(input);
  return result.success
    ? { ok: true as const, data: result.data as Record<string, any> }
    : { ok: false as const, fields: fieldMessages(result.error, en.messages) };
};
const errorsOf = (kind: EnquiryKind, input: Record<string, unknown>) => {
  const result = check(kind, input);
  expect(result.ok, 'expected the schema to reject the input').toBe(false);
  return result.ok ? {} : result.fields;
};
const dataOf = (kind: EnquiryKind, input: Record<string, unknown>) => {
  const result = check(kind, input);
  expect(result.ok ? null : result.fields).toBeNull();
  return result.ok ? result.data : {};
};

describe.each(KINDS)('%s: a complete enquiry', (kind) => {
  test('is valid', () => {
    dataOf(kind, valid[kind]());
  });

  describe('phone', () => {
    test.each([
      ['6123456789', '6123456789'], // Jio 6-series
      ['9876543210', '9876543210'],
      ['7012345678', '7012345678'],
      ['8012345678', '8012345678'],
      ['+919876543210', '9876543210'],
      ['+91 98765 43210', '9876543210'],
      ['+91-98765-43210', '9876543210'],
      ['09876543210', '9876543210'],
      ['0 6000-000 000', '6000000000'],
      [' 98765-43210 ', '9876543210'],
    ])('accepts %j as %s', (phone, stored) => {
      expect(dataOf(kind, valid[kind]({ phone })).phone).toBe(stored);
    });

    test.each([
      '5123456789', // starts with 5
      '1234567890',
      '987654321', // 9 digits
      '98765432101', // 11 digits
      '+9298765 43210', // another country code
      '919876543210', // 91 without +
      '98765x3210',
      '(987) 654-3210',
    ])('rejects %j', (phone) => {
      expect(errorsOf(kind, valid[kind]({ phone })).phone).toBe(MESSAGES.phone);
    });

    test('missing or empty asks for the number', () => {
      expect(errorsOf(kind, valid[kind]({ phone: '' })).phone).toBe(MESSAGES.phoneMissing);
      const { phone: _phone, ...rest } = valid[kind]();
      expect(errorsOf(kind, rest).phone).toBe(MESSAGES.phoneMissing);
    });
  });

  describe('name', () => {
    test.each([
      'Priya Raman',
      'முருகன் செல்வம்', // Tamil
      'వెంకట రమణ', // Telugu
      'ಕೃಷ್ಣ ಮೂರ್ತಿ', // Kannada
      'अनिल कुमार', // Devanagari
      "D'Souza",
      'K. Anand-Raj',
      'Li',
    ])('accepts %j', (Username) => {
      expect(dataOf(kind, valid[kind]({ Username })).Username).toBe(Username);
    });

    test('trims surrounding spaces', () => {
      expect(dataOf(kind, valid[kind]({ Username: '  Priya  ' })).Username).toBe('Priya');
    });

    test.each([
      ['A', MESSAGES.nameLength],
      ['x'.repeat(61), MESSAGES.nameLength],
      ['Priya99', MESSAGES.nameChars],
      ['<script>', MESSAGES.nameChars],
      ['Priya@home', MESSAGES.nameChars],
      ['-Priya', MESSAGES.nameChars],
      ['', MESSAGES.nameMissing],
      ['   ', MESSAGES.nameMissing],
    ])('rejects %j', (Username, message) => {
      expect(errorsOf(kind, valid[kind]({ Username })).Username).toBe(message);
    });

    test('accepts exactly 60 characters', () => {
      dataOf(kind, valid[kind]({ Username: 'a'.repeat(60) }));
    });
  });

  describe('email', () => {
    test('is stored lowercased and trimmed', () => {
      expect(dataOf(kind, valid[kind]({ email: '  Priya.Raman@Example.CO.IN ' })).email).toBe('priya.raman@example.co.in');
    });
    test.each(['priya', 'priya@', '@example.com', 'priya@example', 'priya@exa mple.com', 'priya@@example.com', 'a,b@example.com'])(
      'rejects %j',
      (email) => {
        expect(errorsOf(kind, valid[kind]({ email })).email).toBe(MESSAGES.email);
      },
    );
    test('empty asks for the address', () => {
      expect(errorsOf(kind, valid[kind]({ email: '' })).email).toBe(MESSAGES.emailMissing);
    });
  });

  describe('consent', () => {
    test.each([false, 'true', 'on', 1, undefined])('rejects %j', (consent) => {
      expect(errorsOf(kind, valid[kind]({ consent })).consent).toBe(MESSAGES.consent);
    });
  });

  test('submissionId must be a UUID', () => {
    expect(errorsOf(kind, valid[kind]({ submissionId: 'abc' })).submissionId).toBe(MESSAGES.submissionId);
    expect(errorsOf(kind, valid[kind]({ submissionId: undefined })).submissionId).toBe(MESSAGES.submissionId);
  });

  test.each(['Buy_Flats', 'https://evil.example/x', '//evil.example', '', '/with space'])('page %j is rejected', (page) => {
    expect(errorsOf(kind, valid[kind]({ page })).page).toBe(MESSAGES.page);
  });

  test.each(['2024-01-01', 'Mon, Jan 1 2024', 'Monday, Jan 01 2024', ''])('currentdate %j is rejected', (currentdate) => {
    expect(errorsOf(kind, valid[kind]({ currentdate })).currentdate).toBe(MESSAGES.currentdate);
  });

  test('a filled honeypot does not fail the schema (the pipeline treats it as spam)', () => {
    dataOf(kind, valid[kind]({ company_website: 'http://spam.example' }));
    dataOf(kind, valid[kind]({ company_website: 42 }));
  });

  test('every error is reported at once, one plain message per field', () => {
    const fields = errorsOf(kind, { ...valid[kind](), Username: '', phone: '123', email: 'x', consent: false });
    expect(fields).toMatchObject({
      Username: MESSAGES.nameMissing,
      phone: MESSAGES.phone,
      email: MESSAGES.email,
      consent: MESSAGES.consent,
    });
  });
});

describe.each(['realestate', 'bankloan'] as const)('%s: location', (kind) => {
  const otherStatesCity = citiesOf('Telangana').find((city) => !isCityOf('Tamil Nadu', city))!;

  test('the city must belong to the chosen state', () => {
    expect(errorsOf(kind, valid[kind]({ selectedState: 'Tamil Nadu', selectedCity: otherStatesCity })).selectedCity).toBe(
      MESSAGES.cityOfState('Tamil Nadu'),
    );
  });

  test('every state with one of its cities is valid', () => {
    for (const state of ['Tamil Nadu', 'Andhra Pradesh', 'Karnataka', 'Telangana']) {
      dataOf(kind, valid[kind]({ selectedState: state, selectedCity: citiesOf(state)[0] }));
    }
  });

  test.each([
    [{ selectedState: 'state' }, 'selectedState', MESSAGES.state],
    [{ selectedState: '' }, 'selectedState', MESSAGES.state],
    [{ selectedState: 'Kerala', selectedCity: 'Kochi' }, 'selectedState', MESSAGES.state],
    [{ selectedCity: 'city' }, 'selectedCity', MESSAGES.cityOfState('Tamil Nadu')],
    [{ selectedCity: '' }, 'selectedCity', MESSAGES.city],
  ])('placeholder or unknown %j is rejected', (over, field, message) => {
    expect(errorsOf(kind, valid[kind]({ selectedState: 'Tamil Nadu', selectedCity: 'Hosur', ...over }))[field]).toBe(message);
  });
});

describe.each(KINDS)('%s: when and in which language to call back', (kind) => {
  test('both are optional: absent, empty or null is not stored', () => {
    for (const value of [undefined, '', null]) {
      const data = dataOf(kind, valid[kind]({ callTime: value, callLanguage: value }));
      expect(data.callTime).toBeUndefined();
      expect(data.callLanguage).toBeUndefined();
    }
  });
  test.each(CALL_TIMES)('callTime %s is kept as sent', (callTime) => {
    expect(dataOf(kind, valid[kind]({ callTime })).callTime).toBe(callTime);
  });
  test.each(CALL_LANGUAGES)('callLanguage %s is kept as sent', (callLanguage) => {
    expect(dataOf(kind, valid[kind]({ callLanguage })).callLanguage).toBe(callLanguage);
  });
  test.each([
    ['callTime', 'Night (19:00-23:00)', MESSAGES.callTime],
    ['callTime', 'morning', MESSAGES.callTime],
    ['callTime', 9, MESSAGES.callTime],
    ['callLanguage', 'Malayalam', MESSAGES.callLanguage],
    ['callLanguage', 'ta', MESSAGES.callLanguage],
    ['callLanguage', ['Tamil'], MESSAGES.callLanguage],
  ])('%s = %j is refused, naming the field', (field, value, message) => {
    expect(errorsOf(kind, valid[kind]({ [field]: value }))).toEqual({ [field]: message });
  });
  test('every call time stays within 9:30 to 19:00', () => {
    for (const time of CALL_TIMES) {
      const [, from, to] = /\((\d{1,2}:\d{2})-(\d{1,2}:\d{2})\)$/.exec(time) ?? [];
      const minutes = (hhmm: string) => Number(hhmm.split(':')[0]) * 60 + Number(hhmm.split(':')[1]);
      expect(minutes(from)).toBeGreaterThanOrEqual(9 * 60 + 30);
      expect(minutes(to)).toBeLessThanOrEqual(19 * 60);
      expect(minutes(to)).toBeGreaterThan(minutes(from));
    }
  });
});

describe('bankloan selects', () => {
  test.each([
    ['Loantype', 'Loan Type', MESSAGES.loanType],
    ['Loantype', '', MESSAGES.loanType],
    ['Loantype', 'Goldl Loan', MESSAGES.loanType],
    ['Banktype', 'Bank type', MESSAGES.bankType],
    ['Amount', 'Loan Amount', MESSAGES.amount],
    ['Profession', 'Select Any', MESSAGES.profession],
    ['Profession', undefined, MESSAGES.profession],
  ])('%s = %j is rejected with a plain message', (field, value, message) => {
    expect(errorsOf('bankloan', validBankLoan({ [field]: value }))[field]).toBe(message);
  });

  test.each(LOAN_TYPES)('loan type %s is accepted', (Loantype) => {
    dataOf('bankloan', validBankLoan({ Loantype }));
  });
});

describe('finance', () => {
  test.each(['Select Any', '', 'Stocks'])('Planning = %j is rejected', (Planning) => {
    expect(errorsOf('finance', validFinance({ Planning })).Planning).toBe(MESSAGES.planning);
  });
  test('sends no location', () => {
    expect(dataOf('finance', validFinance({ selectedState: 'Kerala' }))).not.toHaveProperty('selectedState');
  });
});

describe('realestate by intent and category', () => {
  const cases = [
    { intent: 'buy', category: 'flats', property: 'Buy', listing: 'OTHERS', type: 'Single Bed Room', cost: '40 Lakhs Below' },
    { intent: 'sell', category: 'flats', property: 'Sell', listing: 'GATED', type: 'Four Bed Room', cost: '2Cr & Above' },
    { intent: 'buy', category: 'plots', property: 'Buy', listing: 'VENTURES', type: '201 & above', cost: '1Cr to 2Cr' },
    { intent: 'sell', category: 'commercial', property: 'Sell', type: '99 & below', cost: '40 to 50 Lakhs' },
    { intent: 'buy', category: 'commercial', property: 'Buy', cost: '40 to 50 Lakhs' },
    { intent: 'sell', category: 'agricultural', property: 'Sell', type: '25 acr & above', cost: '50 Lakhs Below' },
    { intent: 'buy', category: 'individual', property: 'Buy', cost: '75 Lakhs to 1Cr' },
  ];
  test.each(cases)('$intent $category is valid', (over) => {
    const { listing: _l, type: _t, ...base } = validRealEstate();
    dataOf('realestate', { ...base, ...over });
  });

  test('property must match the intent', () => {
    expect(errorsOf('realestate', validRealEstate({ property: 'Sell' })).property).toBe(MESSAGES.propertyMatchBuy);
    expect(errorsOf('realestate', validRealEstate({ property: 'Select Any' })).property).toBe(MESSAGES.property);
  });

  test('flats take GATED or OTHERS, plots VENTURES or OTHERS', () => {
    expect(errorsOf('realestate', validRealEstate({ listing: 'VENTURES' })).listing).toBe('Choose GATED or OTHERS');
    expect(errorsOf('realestate', validRealEstate({ category: 'plots', listing: 'GATED', type: '100 to 150' })).listing).toBe(
      'Choose VENTURES or OTHERS',
    );
    expect(errorsOf('realestate', validRealEstate({ listing: undefined })).listing).toBe('Choose GATED or OTHERS');
  });

  test('type follows the category', () => {
    expect(errorsOf('realestate', validRealEstate({ type: '100 to 150' })).type).toBe(MESSAGES.bedrooms);
    expect(errorsOf('realestate', validRealEstate({ category: 'plots', listing: 'OTHERS', type: '200 acr & Above' })).type).toBe(
      MESSAGES.size,
    );
    expect(errorsOf('realestate', validRealEstate({ intent: 'sell', property: 'Sell', category: 'commercial', type: '' })).type).toBe(
      MESSAGES.size,
    );
    expect(errorsOf('realestate', validRealEstate({ category: 'agricultural', type: '100 to 150', cost: '50 Lakhs Below' })).type).toBe(
      MESSAGES.landSize,
    );
  });

  test('agricultural takes its own cost bands, the others the general ones', () => {
    const agri = { category: 'agricultural', type: '5 to 10 acr' };
    expect(errorsOf('realestate', validRealEstate({ ...agri, cost: '40 Lakhs Below' })).cost).toBe(MESSAGES.cost);
    expect(errorsOf('realestate', validRealEstate({ cost: '50 Lakhs Below' })).cost).toBe(MESSAGES.cost);
    expect(errorsOf('realestate', validRealEstate({ cost: 'Select Cost' })).cost).toBe(MESSAGES.cost);
  });

  test('time must be a horizon', () => {
    expect(errorsOf('realestate', validRealEstate({ time: 'Select Any' })).time).toBe(MESSAGES.time);
  });

  test('the message is required and at most 2,000 characters', () => {
    expect(errorsOf('realestate', validRealEstate({ message: '   ' })).message).toBe(MESSAGES.messageMissing);
    expect(errorsOf('realestate', validRealEstate({ message: 'x'.repeat(2001) })).message).toBe(MESSAGES.messageLong);
    dataOf('realestate', validRealEstate({ message: 'x'.repeat(2000) }));
  });

  test('intent and category must come from the page', () => {
    expect(errorsOf('realestate', validRealEstate({ intent: 'rent' })).intent).toBe(MESSAGES.intent);
    expect(errorsOf('realestate', validRealEstate({ category: 'villas' })).category).toBe(MESSAGES.category);
  });
});

describe('realEstateFieldsFor', () => {
  test('lists the fields and options each form shows', () => {
    expect(realEstateFieldsFor('buy', 'flats')).toMatchObject({ property: 'Buy', listing: ['GATED', 'OTHERS'], photos: false });
    expect(realEstateFieldsFor('sell', 'flats').photos).toBe(true);
    expect(realEstateFieldsFor('buy', 'plots').type).toEqual(['99 & below', '100 to 150', '151 to 200', '201 & above']);
    expect(realEstateFieldsFor('buy', 'commercial')).toMatchObject({ listing: null, type: null });
    expect(realEstateFieldsFor('sell', 'commercial').type).not.toBeNull();
    expect(realEstateFieldsFor('sell', 'agricultural').cost).toEqual(AGRI_COST_BANDS);
    expect(realEstateFieldsFor('buy', 'individual')).toMatchObject({ listing: null, type: null, cost: COST_BANDS });
  });
});

describe('option lists carry the wire values of docs/api.md', () => {
  test('agricultural cost bands are sent as shown', () => {
    expect(AGRI_COST_BANDS).toEqual(['50 Lakhs Below', '50 to 75 Lakhs', '75 Lakhs to 1Cr', '1Cr to 2Cr', '2Cr & Above']);
  });
  test('Gold Loan is spelled right and no placeholder is an option', () => {
    expect(LOAN_TYPES).toContain('Gold Loan');
    expect(LOAN_TYPES).not.toContain('Goldl Loan' as never);
    const placeholders = ['Select Cost', 'Loan Type', 'Bank type', 'Loan Amount', 'Select Any', '', 'state', 'city'];
    for (const kind of KINDS) {
      for (const placeholder of placeholders) {
        const fields = Object.keys(valid[kind]()).filter((f) => !['Username', 'message', 'company_website', 'elapsedMs'].includes(f));
        for (const field of fields) {
          expect(check(kind, valid[kind]({ [field]: placeholder })).ok, `${kind}.${field} = ${JSON.stringify(placeholder)}`).toBe(false);
        }
      }
    }
  });
});

describe('formatCurrentDate and normalisePhone', () => {
  test("formats 'ddd, MMM DD YYYY'", () => {
    expect(formatCurrentDate(new Date(2024, 0, 1))).toBe('Mon, Jan 01 2024');
    expect(formatCurrentDate(new Date(2025, 0, 5))).toBe('Sun, Jan 05 2025');
  });
  test('the formatted date passes the schema', () => {
    dataOf('finance', validFinance({ currentdate: formatCurrentDate() }));
  });
  test('normalisePhone returns the 10 digits or null', () => {
    expect(normalisePhone('+91 6000 000 000')).toBe('6000000000');
    expect(normalisePhone('5000000000')).toBeNull();
  });
});

describe.each(KINDS)('%s: the shared invalid-enquiry builder', (kind) => {
  const fields = Object.keys(enquirySchemas[kind].shape).filter((field) => field in INVALID_VALUES);
  test.each(fields)('invalid(%s) fails on that field alone', (field) => {
    expect(Object.keys(errorsOf(kind, invalid(kind, [field])))).toEqual([field]);
  });
  test('several at once fail on each of them', () => {
    expect(Object.keys(errorsOf(kind, invalid(kind, ['phone', 'email', 'consent']))).sort()).toEqual(['consent', 'email', 'phone']);
  });
});
