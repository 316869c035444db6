// What both SDK clients are built with: no retries of their own (retry.ts decides), our transport, and no logging:
// an SDK never writes to the terminal, which the full-screen TUI owns.
import { httpFetch, type WrittenInit } from './httpFetch.js';
import type { StallLimits } from './attempt.js';
import type { ProviderConnectionOptions } from './retry.js';
import { defaultTimeouts } from '../config/localServer.js';

/** A logger that drops everything; with logLevel 'off' it also keeps ANTHROPIC_LOG / OPENAI_LOG from turning logging on. */
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

// setTimeout fires at once for delays beyond this (about 24.8 days).
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The configured waits, else the defaults for where the server is (longer for one on this machine or network). */
export function stallLimits(opts: Pick<ProviderConnectionOptions, 'requestTimeoutMs' | 'streamIdleTimeoutMs' | 'baseUrl'>): StallLimits {
  const defaults = defaultTimeouts(opts.baseUrl);
  return {
    requestTimeoutMs: opts.requestTimeoutMs ?? defaults.requestTimeoutMs,
    streamIdleTimeoutMs: opts.streamIdleTimeoutMs ?? defaults.streamIdleTimeoutMs,
  };
}

export function sdkClientOptions(limits: StallLimits) {
  return {
    maxRetries: 0,
    logLevel: 'off' as const,
    logger: silent,
    // Typed as the global fetch the SDKs ask for: they use only what LightResponse has in common with Response.
    fetch: httpFetch as unknown as typeof fetch,
    // rein's own header timeout (attempt.ts) fires first and words the error; the SDK's is only a backstop.
    timeout: Math.min(MAX_TIMER_MS, limits.requestTimeoutMs + 10_000),
  };
}

/** `fetchOptions` for an SDK call: `written` is told once the request has been handed to the connection. */
type SdkFetchOptions = Omit<RequestInit, 'body' | 'headers' | 'signal' | 'method'>;
export function writtenOptions(written: (() => void) | undefined): { fetchOptions?: SdkFetchOptions } {
  // The SDKs spread `fetchOptions` into fetch's init as it is; httpFetch reads `written` from there.
  return written ? { fetchOptions: { written } as WrittenInit as SdkFetchOptions } : {};
}
