// What both SDK clients are built with: no retries of their own (retry.ts decides), our transport, and no logging:
// an SDK never writes to the terminal, which the full-screen TUI owns.
import { httpFetch } from './httpFetch.js';
import type { StallLimits } from './attempt.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_STREAM_IDLE_TIMEOUT_MS, type ProviderConnectionOptions } from './retry.js';

/** A logger that drops everything; with logLevel 'off' it also keeps ANTHROPIC_LOG / OPENAI_LOG from turning logging on. */
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

// setTimeout fires at once for delays beyond this (about 24.8 days).
const MAX_TIMER_MS = 2 ** 31 - 1;

export function stallLimits(opts: Pick<ProviderConnectionOptions, 'requestTimeoutMs' | 'streamIdleTimeoutMs'>): StallLimits {
  return {
    requestTimeoutMs: opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    streamIdleTimeoutMs: opts.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  };
}

export function sdkClientOptions(limits: StallLimits) {
  return {
    maxRetries: 0,
    logLevel: 'off' as const,
    logger: silent,
    fetch: httpFetch,
    // rein's own header timeout (attempt.ts) fires first and words the error; the SDK's is only a backstop.
    timeout: Math.min(MAX_TIMER_MS, limits.requestTimeoutMs + 10_000),
  };
}
