/**
 * Sell Flats photos: one multipart POST to /api/realestate with the enquiry as JSON in part
 * `data` and up to 5 images in parts `files`. Type by magic bytes; 1.5 MB each; 4 MB in all.
 */
import { describe, expect, test } from 'vitest';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { challengeIssuedAgo, sendRequest, validRealEstate, validSellFlats as sellFlats } from '../support/enquiry-requests.ts';
import { sniffPhotoType } from '../../src/lib/enquiry/index.ts';
import { MESSAGES } from '../support/words.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const MB = 1024 * 1024;

/** Bytes that start like a real file of the type, padded to `size`. */
const image = (kind: 'jpg' | 'png' | 'webp' | 'gif' | 'text', size = 2048) => {
  const signatures = {
    jpg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d],
    webp: [0x52, 0x49, 0x46, 0x46, 0x24, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20],
    gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    text: [...new TextEncoder().encode('hello, not an image')],
  };
  const bytes = new Uint8Array(size);
  bytes.set(signatures[kind]);
  for (let i = signatures[kind].length; i < size; i++) bytes[i] = (i * 31) % 251;
  return bytes;
};

const upload = (data: unknown, files: Array<{ bytes: Uint8Array<ArrayBuffer>; name: string; type?: string }>, dataName = 'data') => {
  const form = new FormData();
  // The JSON as the form sends it, with the challenge it got when it opened.
  const withChallenge = typeof data === 'object' && data !== null ? { challenge: challengeIssuedAgo('realestate'), ...data } : data;
  if (data !== undefined) form.set(dataName, JSON.stringify(withChallenge));
  for (const file of files) form.append('files', new File([file.bytes], file.name, { type: file.type ?? 'image/jpeg' }));
  return new Request('http://localhost/api/realestate', { method: 'POST', body: form });
};

let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));

test('a JPEG, a PNG and a WebP are stored in lead-photos and listed on the lead', async () => {
  const enquiry = sellFlats();
  const files = [
    { bytes: image('jpg', 300_000), name: 'front.jpg', type: 'image/jpeg' },
    { bytes: image('png', 5_000), name: 'hall.png', type: 'image/png' },
    { bytes: image('webp', 7_000), name: 'kitchen.webp', type: 'image/webp' },
  ];
  const answer = await sendRequest('realestate', upload(enquiry, files));
  expect(answer.status).toBe(201);
  expect(answer.body.id).toBe(enquiry.submissionId);

  const id = enquiry.submissionId;
  const expectedKeys = [`${id}/1.jpg`, `${id}/2.png`, `${id}/3.webp`];
  expect(await blobs.keys(blobs.photos())).toEqual(expectedKeys);
  for (const [n, key] of expectedKeys.entries()) {
    const stored = new Uint8Array(await blobs.photos().get(key, { type: 'arrayBuffer' }));
    expect(stored).toEqual(files[n].bytes);
  }
  const meta = await blobs.photos().getMetadata(`${id}/2.png`);
  expect(meta?.metadata).toEqual({ contentType: 'image/png', size: 5_000, storedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

  const [lead] = await db.leadsOf('realestate');
  expect(lead).toMatchObject({ id, intent: 'sell', category: 'flats', property: 'Sell', photos: expectedKeys, notified: true });
  expect(standIn.received[0].template_params.photos).toBe(expectedKeys.join(', '));
});

test('the type is decided by the bytes, not the name (a .webp named .jpg is stored as .webp)', async () => {
  const enquiry = sellFlats();
  const answer = await sendRequest('realestate', upload(enquiry, [{ bytes: image('webp'), name: 'photo.jpg', type: 'image/jpeg' }]));
  expect(answer.status).toBe(201);
  expect(await blobs.keys(blobs.photos())).toEqual([`${enquiry.submissionId}/1.webp`]);
});

describe('limits answer 4xx naming the field photos, and store nothing', () => {
  const expectRejected = async (request: Request, status: number, message: string) => {
    const answer = await sendRequest('realestate', request);
    expect(answer.status).toBe(status);
    expect(answer.body.fields).toEqual({ photos: message });
    expect(await blobs.keys(blobs.photos())).toEqual([]);
    expect(await db.ids()).toEqual([]);
    expect(standIn.requests).toHaveLength(0);
  };

  test('more than 5 files → 422', async () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ bytes: image('jpg', 1000), name: `p${i}.jpg` }));
    await expectRejected(upload(sellFlats(), files), 422, MESSAGES.photosCount(5));
  });

  test('wrong magic bytes with a .jpg name → 415', async () => {
    const files = [
      { bytes: image('jpg'), name: 'ok.jpg' },
      { bytes: image('text'), name: 'fake.jpg', type: 'image/jpeg' },
    ];
    await expectRejected(upload(sellFlats(), files), 415, MESSAGES.photosType('fake.jpg'));
  });

  test('a GIF → 415', async () => {
    await expectRejected(
      upload(sellFlats(), [{ bytes: image('gif'), name: 'anim.gif', type: 'image/gif' }]),
      415,
      MESSAGES.photosType('anim.gif'),
    );
  });

  test('a file over 1.5 MB → 413', async () => {
    const files = [{ bytes: image('png', 1.5 * MB + 1), name: 'huge.png', type: 'image/png' }];
    await expectRejected(upload(sellFlats(), files), 413, MESSAGES.photosFileSize('huge.png', 1.5));
  });

  test('exactly 1.5 MB is accepted', async () => {
    const answer = await sendRequest('realestate', upload(sellFlats(), [{ bytes: image('png', 1.5 * MB), name: 'max.png' }]));
    expect(answer.status).toBe(201);
  });

  test('more than 4 MB in all → 413', async () => {
    const files = Array.from({ length: 3 }, (_, i) => ({ bytes: image('jpg', 1.4 * MB), name: `p${i}.jpg` }));
    await expectRejected(upload(sellFlats(), files), 413, MESSAGES.photosTotalSize(4));
  });

  test('photos on any form but Sell Flats → 422', async () => {
    await expectRejected(upload(validRealEstate(), [{ bytes: image('jpg'), name: 'a.jpg' }]), 422, MESSAGES.photosNotAllowed);
  });
});

test('a multipart body over ~4.5 MB → 413 before parsing', async () => {
  const files = Array.from({ length: 4 }, (_, i) => ({ bytes: image('jpg', 1.3 * MB), name: `p${i}.jpg` }));
  const answer = await sendRequest('realestate', upload(sellFlats(), files));
  expect(answer.status).toBe(413);
  expect(await blobs.keys(blobs.photos())).toEqual([]);
});

test('photos with no fields at all (no data part, no plain fields) → 422 naming the fields; bad fields in data → 422; no photo stored', async () => {
  const noFields = await sendRequest('realestate', upload(undefined, [{ bytes: image('jpg'), name: 'a.jpg' }]));
  expect(noFields.status).toBe(422);
  expect(noFields.body.fields).toMatchObject({ Username: MESSAGES.nameMissing, consent: MESSAGES.consent, intent: MESSAGES.intent });

  const badFields = await sendRequest('realestate', upload(sellFlats({ phone: '123' }), [{ bytes: image('jpg'), name: 'a.jpg' }]));
  expect(badFields.status).toBe(422);
  expect(badFields.body.fields).toEqual({ phone: MESSAGES.phone });
  expect(await blobs.keys(blobs.photos())).toEqual([]);
  expect(await db.ids()).toEqual([]);
});

test('a form with no file chosen (one empty part) is a Sell Flats lead without photos', async () => {
  const form = new FormData();
  form.set('data', JSON.stringify({ ...sellFlats(), challenge: challengeIssuedAgo('realestate') }));
  form.append('files', new File([], '', { type: 'application/octet-stream' }));
  const answer = await sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }));
  expect(answer.status).toBe(201);
  const [lead] = await db.leadsOf('realestate');
  expect(lead).not.toHaveProperty('photos');
});

test('a retried upload stores its photos once', async () => {
  const enquiry = sellFlats();
  const files = [{ bytes: image('jpg'), name: 'a.jpg' }];
  const first = await sendRequest('realestate', upload(enquiry, files));
  const second = await sendRequest('realestate', upload(enquiry, [...files, { bytes: image('png'), name: 'b.png' }]));
  expect(second.body).toEqual(first.body);
  expect(await blobs.keys(blobs.photos())).toEqual([`${enquiry.submissionId}/1.jpg`]);
  expect(standIn.received).toHaveLength(1);
});

test('spam photos are not stored', async () => {
  const answer = await sendRequest('realestate', upload(sellFlats({ company_website: 'bot' }), [{ bytes: image('jpg'), name: 'a.jpg' }]));
  expect(answer.status).toBe(201);
  expect(await blobs.keys(blobs.photos())).toEqual([]);
  expect(await db.ids('spam')).toHaveLength(1);
});

test('sniffPhotoType recognises the three types only', () => {
  expect(sniffPhotoType(image('jpg'))).toBe('jpg');
  expect(sniffPhotoType(image('png'))).toBe('png');
  expect(sniffPhotoType(image('webp'))).toBe('webp');
  expect(sniffPhotoType(image('gif'))).toBeNull();
  expect(sniffPhotoType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x41, 0x56, 0x49, 0x20]))).toBeNull(); // RIFF AVI
  expect(sniffPhotoType(new Uint8Array([0xff, 0xd8]))).toBeNull();
});

describe('photos are written only for a stored lead, never over another', () => {
  test('a post kept as spam (a reused challenge) leaves no bytes behind', async () => {
    const challenge = challengeIssuedAgo('realestate');
    const first = sellFlats({ challenge });
    const second = sellFlats({ challenge });
    expect((await sendRequest('realestate', upload(first, [{ bytes: image('jpg', 100), name: 'a.jpg' }]))).status).toBe(201);
    expect((await sendRequest('realestate', upload(second, [{ bytes: image('jpg', 100), name: 'b.jpg' }]))).status).toBe(201);
    expect(await blobs.keys(blobs.photos())).toEqual([`${first.submissionId}/1.jpg`]);
    expect((await db.records('spam')).map((record) => record.photos ?? [])).toEqual([[]]);
  });

  test('a photo already under a key is never replaced (onlyIfNew)', async () => {
    const enquiry = sellFlats();
    const earlier = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9]);
    await blobs.photos().set(`${enquiry.submissionId}/1.jpg`, earlier.buffer);
    expect((await sendRequest('realestate', upload(enquiry, [{ bytes: image('jpg', 100), name: 'a.jpg' }]))).status).toBe(201);
    const kept = new Uint8Array(await blobs.photos().get(`${enquiry.submissionId}/1.jpg`, { type: 'arrayBuffer' }));
    expect([...kept]).toEqual([...earlier]);
  });
});
