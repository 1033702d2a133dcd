/** Valid enquiries of each kind, as the forms send them, and request builders. */
import { randomUUID } from 'node:crypto';
import realestate from '../../netlify/functions/realestate.mts';
import bankloan from '../../netlify/functions/bankloan.mts';
import finance from '../../netlify/functions/finance.mts';
import contact from '../../netlify/functions/contact.mts';

export const handlers = { realestate, bankloan, finance, contact };
export type Kind = keyof typeof handlers;

export const commonFields = () => ({
  Username: 'Priya Raman',
  phone: '98765 43210',
  email: 'Priya.Raman@Example.com',
  currentdate: 'Mon, Jan 01 2024',
  submissionId: randomUUID(),
  consent: true,
  page: '/enquiry',
  company_website: '',
  elapsedMs: 15_000,
});

export const validRealEstate = (over: Record<string, unknown> = {}) => ({
  ...commonFields(),
  page: '/Buy_Flats',
  intent: 'buy',
  category: 'flats',
  property: 'Buy',
  listing: 'GATED',
  type: 'Double Bed Room',
  cost: '50 to 75 Lakhs',
  time: 'Immediate',
  selectedState: 'Tamil Nadu',
  selectedCity: 'Hosur',
  message: 'Looking for a 2 bedroom flat near the bus stand.',
  ...over,
});

export const validBankLoan = (over: Record<string, unknown> = {}) => ({
  ...commonFields(),
  page: '/Home_Loan',
  Loantype: 'Home Loan',
  selectedState: 'Karnataka',
  selectedCity: 'Mysuru',
  Banktype: 'Govt Banks',
  Amount: '10 to 25 lakhs',
  Profession: 'Salaried',
  ...over,
});

export const validFinance = (over: Record<string, unknown> = {}) => ({
  ...commonFields(),
  page: '/Mutual_Funds',
  Planning: 'Mutual Funds',
  ...over,
});

export const validContact = (over: Record<string, unknown> = {}) => ({
  ...commonFields(),
  page: '/Contactus',
  message: 'Please call me about your training programmes.',
  ...over,
});

export const valid = { realestate: validRealEstate, bankloan: validBankLoan, finance: validFinance, contact: validContact };

export const jsonRequest = (kind: string, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new Request(`http://localhost/api/${kind}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Posts an enquiry to the real handler and returns status, headers and parsed JSON body. */
export const send = async (kind: Kind, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}) => {
  const response = await handlers[kind](jsonRequest(kind, body, init));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
};

/** Sends a raw Request to a handler. */
export const sendRequest = async (kind: Kind, request: Request) => {
  const response = await handlers[kind](request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
};
