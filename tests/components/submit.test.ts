/** The decisions after a POST: which answers are retried, which fall back to e-mail, which are only shown. */
import { describe, expect, test } from 'vitest';
import { classifyAnswer, nextStep, postEnquiry, type RawAnswer } from '../../src/islands/forms/submit.ts';

describe('classifyAnswer', () => {
  test('2xx is stored, with the id the server gave', () => {
    expect(classifyAnswer({ status: 201, body: { ok: true, id: 'abc' } })).toEqual({ type: 'stored', id: 'abc' });
  });
  test('422 carries the message of each field', () => {
    expect(classifyAnswer({ status: 422, body: { error: 'x', fields: { phone: 'Enter a number', n: 3 } } })).toEqual({
      type: 'invalid',
      fields: { phone: 'Enter a number' },
    });
  });
  test.each([400, 403, 413, 415, 429])('%i is a refusal, shown as it is', (status) => {
    expect(classifyAnswer({ status, body: { error: 'no' } })).toEqual({ type: 'rejected', status, message: 'no' });
  });
  test.each([0, 500, 502, 503, 504])('%i means our API could not be reached', (status) => {
    expect(classifyAnswer({ status, body: null })).toEqual({ type: 'unreachable', status });
  });
});

describe('nextStep', () => {
  test('unreachable: retry once, then the e-mail fallback', () => {
    expect(nextStep({ type: 'unreachable', status: 503 }, 1)).toBe('retry');
    expect(nextStep({ type: 'unreachable', status: 0 }, 2)).toBe('fallback');
  });
  test('stored is done; field problems and refusals are only shown, never retried or e-mailed', () => {
    expect(nextStep({ type: 'stored', id: 'x' }, 1)).toBe('done');
    expect(nextStep({ type: 'invalid', fields: {} }, 1)).toBe('show');
    expect(nextStep({ type: 'rejected', status: 429 }, 1)).toBe('show');
  });
});

describe('postEnquiry', () => {
  const poster = (answers: RawAnswer[]) => {
    const bodies: string[] = [];
    return {
      bodies,
      post: (_url: string, body: string | FormData) => {
        bodies.push(typeof body === 'string' ? body : '(form data)');
        return Promise.resolve(answers.shift() ?? { status: 0, body: null });
      },
    };
  };

  test('a 503 then a 201: one retry with the same body (same submissionId), stored', async () => {
    const { post, bodies } = poster([
      { status: 503, body: null },
      { status: 201, body: { id: 'id-1' } },
    ]);
    const result = await postEnquiry('/api/finance', () => '{"submissionId":"s1"}', { post, retryDelayMs: 0 });
    expect(result).toEqual({ outcome: { type: 'stored', id: 'id-1' }, step: 'done', attempts: 2 });
    expect(bodies).toEqual(['{"submissionId":"s1"}', '{"submissionId":"s1"}']);
  });

  test('two network failures: fall back after exactly two attempts', async () => {
    const { post, bodies } = poster([
      { status: 0, body: null },
      { status: 0, body: null },
    ]);
    const result = await postEnquiry('/api/finance', () => '{}', { post, retryDelayMs: 0 });
    expect(result.step).toBe('fallback');
    expect(bodies).toHaveLength(2);
  });

  test('a 422 is not retried', async () => {
    const { post, bodies } = poster([{ status: 422, body: { fields: { email: 'Bad' } } }]);
    const result = await postEnquiry('/api/finance', () => '{}', { post, retryDelayMs: 0 });
    expect(result.step).toBe('show');
    expect(bodies).toHaveLength(1);
  });
});
