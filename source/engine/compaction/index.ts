// Re-exports the compaction levels: micro (old tool results), auto (summary), and the circuit breaker.
export { microCompact, hasClearedOutput } from './micro.js';
export { planCompaction } from './auto.js';
export { applySummary } from './applySummary.js';
export { summaryRequest, summarySystemPrompt } from './summaryRequest.js';
export { dropOlderHalf } from './drop.js';
export { ContextBreaker, offloadWarning } from './breaker.js';
