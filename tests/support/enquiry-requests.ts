/** The enquiry functions' handlers and request builders for function tests (fixtures: tests/fixtures). */
import realestate from '../../netlify/functions/realestate.mts';
import bankloan from '../../netlify/functions/bankloan.mts';
import finance from '../../netlify/functions/finance.mts';
import contact from '../../netlify/functions/contact.mts';

export * from './sample-enquiries.ts';

export const handlers = { realestate, bankloan, finance, contact };
export type Kind = keyof typeof handlers;

type Init = { method?: string; headers?: Record<string, string> };

export const jsonRequest = (kind: string, body: unknown, init: Init = {}) =>
  new Request(`http://localhost/api/${kind}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A native HTML form post (application/x-www-form-urlencoded); pairs allow repeated names. */
export const formRequest = (kind: string, fields: Record<string, string> | Array<[string, string]>, init: Init = {}) =>
  new Request(`http://localhost/api/${kind}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
    body: new URLSearchParams(fields).toString(),
  });

/** A native multipart form post: plain fields by wire name and file parts named `files`. */
export const multipartFormRequest = (kind: string, fields: Record<string, string>, files: File[] = [], init: Init = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file);
  return new Request(`http://localhost/api/${kind}`, { method: init.method ?? 'POST', headers: init.headers, body: form });
};

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body of a JSON answer, else null. */
  body: any;
}

const read = async (response: Response): Promise<Answer> => {
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, headers: response.headers, text, body: isJson && text ? JSON.parse(text) : null };
};

/** Posts an enquiry as JSON to the real handler. */
export const send = async (kind: Kind, body: unknown, init: Init = {}) => read(await handlers[kind](jsonRequest(kind, body, init)));

/** Posts fields form-encoded, as a browser without JavaScript does. */
export const sendForm = async (kind: Kind, fields: Record<string, string> | Array<[string, string]>, init: Init = {}) =>
  read(await handlers[kind](formRequest(kind, fields, init)));

/** Sends a raw Request to a handler. */
export const sendRequest = async (kind: Kind, request: Request) => read(await handlers[kind](request));
