/**
 * A local stand-in of Meta's WhatsApp Cloud API, for `npm start`, the tests and the benchmarks.
 * It takes `POST /<version>/<phone number id>/messages` as the Graph API does: it checks the
 * bearer token and the template message, and answers Meta's JSON (the `wamid` of the message, or
 * Meta's error shape with the status it was told to give). It records every message it got and,
 * given an outbox folder, writes each one it took to outbox/whatsapp/ as a JSON file, with the
 * text as the visitor would read it when it knows the template (`rendered`).
 *
 * It plays Meta's webhook too: it signs what it posts (X-Hub-Signature-256, the HMAC-SHA256 of
 * the raw body with the app secret), as Meta does, to the site's /api/whatsapp.
 *
 * Control, for tests and for trying it by hand under `npm start`:
 *   POST /__standin/behaviour  {"status"?: 100-599}       how to answer sends from now on (200)
 *   GET  /__standin/received                             what it got, oldest first
 *   POST /__standin/status     {"wamid", "status"}       posts that status to the webhook, signed
 *   POST /__standin/inbound    {"from", "text"}          posts a text from that number, signed
 * Under `npm start` (harness/serve.ts) it listens on WHATSAPP_STANDIN_PORT (8896) on 127.0.0.1.
 */
import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listenStandIn, recordWaiters } from './standin-server.ts';
import { WHATSAPP_GRAPH_API } from '../src/server/settings.ts';

/** The Graph API version the stand-in answers under: the pinned one of src/server/settings.ts. */
export const STANDIN_GRAPH_VERSION = WHATSAPP_GRAPH_API.split('/').at(-1) as string;

/** What `npm start` and the tests set when they point the pipeline at the stand-in. */
export const LOCAL_WHATSAPP = {
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_ACCESS_TOKEN: 'local-whatsapp-token',
  WHATSAPP_APP_SECRET: 'local-whatsapp-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'local-whatsapp-verify-token',
} as const;

export interface ReceivedMessage {
  at: string;
  phoneNumberId: string;
  /** Whether the bearer token was the one expected. */
  authorised: boolean;
  /** What it answered. */
  status: number;
  /** The message's id it answered (none when it refused). */
  wamid?: string;
  body: {
    to?: string;
    type?: string;
    template?: {
      name?: string;
      language?: { code?: string };
      components?: { type?: string; parameters?: { type?: string; parameter_name?: string; text?: string }[] }[];
    };
    [field: string]: unknown;
  };
  /** The text as read on the phone, when the stand-in knows the template's text. */
  rendered?: string;
}

export interface WhatsAppBehaviour {
  /** What to answer (200 by default). */
  status?: number;
}

export interface WhatsAppStandIn {
  origin: string;
  /** WHATSAPP_API_URL for the pipeline: the origin and the version. */
  apiUrl: string;
  received: ReceivedMessage[];
  /** The messages it took (2xx), oldest first. */
  taken(): ReceivedMessage[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  setBehaviour(next: WhatsAppBehaviour): void;
  close(): Promise<void>;
}

/** X-Hub-Signature-256 of a raw body: `sha256=` and the hex HMAC-SHA256 with the app secret. */
export const hubSignature = (body: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/** A webhook body as Meta sends it: one change of the business's number, carrying `value`'s fields. */
const webhookBody = (phoneNumberId: string | undefined, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '200000000000002',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: '919000000000',
              phone_number_id: phoneNumberId ?? LOCAL_WHATSAPP.WHATSAPP_PHONE_NUMBER_ID,
            },
            ...value,
          },
        },
      ],
    },
  ],
});

const unixSeconds = (at = new Date()) => String(Math.floor(at.getTime() / 1000));

/** The Cloud API's webhook body for one message's status, as Meta sends it. */
export const statusEvent = (
  wamid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  options: { recipient?: string; at?: Date; phoneNumberId?: string } = {},
) =>
  webhookBody(options.phoneNumberId, {
    statuses: [
      {
        id: wamid,
        status,
        timestamp: unixSeconds(options.at),
        recipient_id: options.recipient ?? '919876543210',
        ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] } : {}),
      },
    ],
  });

/** The webhook body of a text a person sent to the business's number. */
export const textEvent = (from: string, text: string, options: { at?: Date; name?: string; phoneNumberId?: string } = {}) =>
  webhookBody(options.phoneNumberId, {
    contacts: [{ profile: { name: options.name ?? 'Visitor' }, wa_id: from }],
    messages: [
      {
        from,
        id: `wamid.${randomBytes(12).toString('base64url')}`,
        timestamp: unixSeconds(options.at),
        type: 'text',
        text: { body: text },
      },
    ],
  });

/** Posts a webhook body to `url`, signed with `appSecret` as Meta signs it; the site's answer. */
export const postSigned = async (url: string, event: unknown, appSecret: string): Promise<Response> => {
  const body = JSON.stringify(event);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, appSecret) },
    body,
  });
};

const META_ERRORS: Record<number, { message: string; type: string; code: number }> = {
  400: { message: '(#131009) Parameter value is not valid', type: 'OAuthException', code: 131009 },
  401: { message: 'Error validating access token', type: 'OAuthException', code: 190 },
  404: { message: 'Unsupported post request', type: 'GraphMethodException', code: 100 },
  429: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 },
};

export const startWhatsAppStandIn = async (
  options: {
    port?: number;
    host?: string;
    outboxDir?: string;
    accessToken?: string;
    /** The site's webhook and the app secret it checks, for the control endpoints that play Meta's webhook. */
    webhookUrl?: string;
    appSecret?: string;
    /** A template's text by name and language, to write the message as read (`rendered`). */
    templateText?: (name: string, language: string) => string | undefined;
  } = {},
): Promise<WhatsAppStandIn> => {
  const accessToken = options.accessToken ?? LOCAL_WHATSAPP.WHATSAPP_ACCESS_TOKEN;
  const outDir = options.outboxDir ? path.join(options.outboxDir, 'whatsapp') : null;
  const received: ReceivedMessage[] = [];
  let behaviour: WhatsAppBehaviour = {};
  const taken = () => received.filter((message) => message.status < 300);
  const waiters = recordWaiters(taken, (got, count) => `the WhatsApp stand-in took ${got} of ${count} messages`);

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let body: Record<string, unknown> = {};
    try {
      body = (JSON.parse(raw || '{}') as Record<string, unknown> | null) ?? {};
    } catch {
      return json(400, { error: { message: 'Invalid JSON', type: 'OAuthException', code: 100 } });
    }
    if (req.method === 'GET' && url.pathname === '/__standin/received') return json(200, received);
    if (req.method === 'POST' && url.pathname === '/__standin/behaviour') {
      behaviour = { status: typeof body.status === 'number' ? body.status : undefined };
      return json(200, behaviour);
    }
    if (req.method === 'POST' && (url.pathname === '/__standin/status' || url.pathname === '/__standin/inbound')) {
      if (!options.webhookUrl || !options.appSecret) return json(409, { error: 'no webhook to post to' });
      const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
      const event =
        url.pathname === '/__standin/status'
          ? statusEvent(field('wamid'), (field('status') || 'read') as 'read')
          : textEvent(field('from'), field('text'));
      const answer = await postSigned(options.webhookUrl, event, options.appSecret).catch(() => null);
      return json(200, { webhookStatus: answer?.status ?? null });
    }
    const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return json(404, { error: META_ERRORS[404] });
    const authorised = req.headers.authorization === `Bearer ${accessToken}`;
    const template = body.template as ReceivedMessage['body']['template'];
    const wellFormed =
      body.messaging_product === 'whatsapp' &&
      body.type === 'template' &&
      typeof body.to === 'string' &&
      /^\d{8,15}$/.test(body.to) &&
      typeof template?.name === 'string' &&
      typeof template.language?.code === 'string';
    const status = !authorised ? 401 : !wellFormed ? 400 : (behaviour.status ?? 200);
    const wamid = status < 300 ? `wamid.${randomBytes(24).toString('base64url')}` : undefined;
    const text = template?.name && template.language?.code ? options.templateText?.(template.name, template.language.code) : undefined;
    const parameters = template?.components?.find((component) => component.type === 'body')?.parameters ?? [];
    const rendered = text?.replace(
      /\{\{(\w+)\}\}/g,
      (whole, name: string) => parameters.find((one) => one.parameter_name === name)?.text ?? whole,
    );
    const message: ReceivedMessage = {
      at: new Date().toISOString(),
      phoneNumberId: decodeURIComponent(match[1]),
      authorised,
      status,
      ...(wamid ? { wamid } : {}),
      body,
      ...(rendered ? { rendered } : {}),
    };
    received.push(message);
    if (outDir && wamid) {
      await mkdir(outDir, { recursive: true });
      await writeFile(
        path.join(outDir, `${message.at.replace(/[:.]/g, '-')}-${template?.language?.code ?? 'xx'}.json`),
        JSON.stringify(message, null, 2),
      );
    }
    waiters.wake();
    if (!wamid)
      return json(status, {
        error: { ...(META_ERRORS[status] ?? { message: 'Service unavailable', type: 'OAuthException', code: 2 }), fbtrace_id: 'local' },
      });
    return json(status, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wamid, message_status: 'accepted' }],
    });
  };
  const { origin, close } = await listenStandIn(handle, options);
  return {
    origin,
    apiUrl: `${origin}/${STANDIN_GRAPH_VERSION}`,
    received,
    taken,
    waitFor: waiters.waitFor,
    setBehaviour(next) {
      behaviour = next;
    },
    close,
  };
};
