// The live session: re-exports only.
export { createSession } from './create.js';
export type { EngineSession, SessionOptions } from './options.js';
export type * from './types.js';
export type * from './capabilities.js';
export type * from './ports.js';
export { outcomeOf } from './capabilities.js';
export { RunBusyError, runBusyMessage } from './runGate.js';
