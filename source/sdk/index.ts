// rein as a library: `import { query, createSession } from 'rein'` (docs/sdk.md).
export { createSession } from './createSession.js';
export { query } from './query.js';
export type * from './types.js';
