/**
 * Who is asking: a browser navigating with a native form post gets HTML answers (a redirect to
 * the thank-you page, or a page of problems); everyone else gets JSON, as the JS forms expect.
 */
import Negotiator from 'negotiator';

/**
 * True for a navigation (`Sec-Fetch-Mode: navigate`) or an `Accept` that prefers text/html over
 * application/json. A tie (any type, or no Accept at all) goes to JSON.
 */
export const prefersHtml = (request: Request): boolean => {
  if (request.headers.get('sec-fetch-mode')?.trim().toLowerCase() === 'navigate') return true;
  const accept = request.headers.get('accept') ?? '*/*';
  return new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/html']) === 'text/html';
};
