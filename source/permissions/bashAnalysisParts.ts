// The bash analysis as one module, so it loads as one piece (see bashAnalysis.ts).
export { decideBashCommand } from './bashDecision.js';
export { judgePaths } from './bashPaths.js';
export { alwaysBashRules } from './bashRules.js';
export { initialState } from './shellState.js';
export { expandShell } from './wrappers.js';
