/**
 * `npm run serve`: serves an existing dist/ with its functions, the local database and the local
 * Blobs store, as `npm start` does after building (harness/serve.ts, which the tests and
 * benchmarks start too).
 */
import '../harness/serve.ts';
