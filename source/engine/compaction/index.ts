// Re-exports the compaction levels: micro (old tool results), auto (summary), and the circuit breaker.
export { microCompact, clearedOutput, hasClearedOutput, type MicroOptions } from './micro.js';
export { planCompaction, type PlanOptions } from './auto.js';
export type { CompactionPlan } from './plan.js';
export { applySummary } from './applySummary.js';
export { summaryRequest, summarySystemPrompt } from './summaryRequest.js';
export { dropOlderHalf } from './drop.js';
export { ContextBreaker, offloadWarning, type BreakerAction, type BreakerOptions } from './breaker.js';
export { continuationNote } from './splitPoints.js';
