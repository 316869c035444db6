// The one retry policy for model calls: backoff with jitter, retry-after, quick retries of broken streams.
import { classifyProviderError, StreamBrokenError, type ClassifiedError, type ErrorContext } from './errors.js';
import { type ProviderEvent, type ThinkingSetting } from './types.js';
import { addUsage, emptyUsage, isEmptyUsage, type Usage } from '../protocol/messages.js';
import type { AttemptEvent } from './attempt.js';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface RetryOptions {
  /** All attempts, the first included. Default 5. */
  maxAttempts?: number;
  signal: AbortSignal;
  /** Turns a thrown value into the user-facing error and the retry facts. */
  classify: (error: unknown) => ClassifiedError;
  sleep?: Sleep;
  random?: () => number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
const QUICK_RETRY_MAX_MS = 500;
/** A server asking for a longer pause than this means a quota, not a blip: tell the user instead of waiting. */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** Resolves after `ms`, or early (without throwing) when the signal aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** Wait before attempt `failures + 1`: exponential from 0.5 s with ±25 % jitter, capped at 30 s. */
export function backoffDelay(failures: number, classified: ClassifiedError, random: () => number): number {
  if (classified.retryAfterMs !== undefined) return classified.retryAfterMs;
  const jitter = 1 + (random() * 2 - 1) * 0.25;
  if (classified.quickRetry) return Math.min(QUICK_RETRY_MAX_MS, Math.round(250 * jitter));
  const base = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - 1));
  return Math.min(MAX_DELAY_MS, Math.round(base * jitter));
}

const emptyMessage = () => ({ role: 'assistant' as const, content: [] });

/**
 * Runs `attempt` until it yields `done`, retrying failures it throws. Deltas pass through as they
 * stream; a `retry` event tells the consumer that everything since the last one is void. The tokens of voided
 * attempts are not lost: the `done` event's `spent` adds them to the answer's own.
 */
export async function* streamWithRetry(
  attempt: (signal: AbortSignal, attemptNumber: number) => AsyncGenerator<AttemptEvent>,
  opts: RetryOptions,
): AsyncGenerator<ProviderEvent> {
  const maxAttempts = Math.max(1, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  const { signal } = opts;
  let voided: Usage = emptyUsage();
  const spent = (usage: Usage) => (isEmptyUsage(voided) ? {} : { spent: addUsage(voided, usage) });
  const aborted = (): ProviderEvent => ({ type: 'done', message: emptyMessage(), stopReason: 'aborted', usage: emptyUsage(), ...spent(emptyUsage()) });

  for (let n = 1; ; n++) {
    if (signal.aborted) {
      yield aborted();
      return;
    }
    let failure: unknown;
    try {
      for await (const event of attempt(signal, n)) {
        if (event.type === 'voided') {
          voided = addUsage(voided, event.usage);
          continue;
        }
        if (event.type === 'done') {
          yield { ...event, ...spent(event.usage) };
          return;
        }
        yield event;
      }
      // An attempt that ends without `done` never finished its stream.
      failure = new StreamBrokenError('broke_off');
    } catch (err) {
      failure = err;
    }
    if (signal.aborted) {
      yield aborted();
      return;
    }
    const classified = opts.classify(failure);
    const tooLong = classified.retryAfterMs !== undefined && classified.retryAfterMs > MAX_RETRY_AFTER_MS;
    const allowed = Math.min(maxAttempts, classified.maxAttempts ?? maxAttempts);
    if (!classified.retryable || n >= allowed || tooLong) {
      yield { type: 'done', message: emptyMessage(), stopReason: 'error', usage: emptyUsage(), error: classified.error, ...spent(emptyUsage()) };
      return;
    }
    const delayMs = backoffDelay(n, classified, random);
    yield { type: 'retry', attempt: n + 1, maxAttempts: allowed, delayMs, reason: classified.reason };
    try {
      await sleep(delayMs, signal);
    } catch {
      // A sleep that rejects on abort is fine: the check at the top of the loop ends the call.
    }
  }
}

/** Options every provider takes. */
export interface ProviderConnectionOptions {
  apiKey: string;
  baseUrl?: string;
  /** Where baseUrl was set, named in error messages ("the --base-url flag"). */
  baseUrlFrom?: string;
  /** Time allowed until the response headers arrive; then the attempt is abandoned and retried. Default 60,000 (600,000 for a local server). */
  requestTimeoutMs?: number;
  /** Time since the stream's last byte; then the attempt is abandoned and retried. Default 90,000 (600,000 for a local server). */
  streamIdleTimeoutMs?: number;
  /** Reasoning for models that support it; default off. */
  thinking?: ThinkingSetting;
  /** All attempts of one call, the first included. Default 5. */
  maxAttempts?: number;
  /** The env var named when the key is rejected. */
  keyHint?: string;
  /** For tests: replaces the wait between retries. */
  sleep?: Sleep;
  random?: () => number;
}

/** One model call with the shared retry policy, errors classified and worded for this provider. */
export function retryingCall(
  attempt: (signal: AbortSignal) => AsyncGenerator<AttemptEvent>,
  opts: ProviderConnectionOptions,
  ctx: ErrorContext,
  signal: AbortSignal,
): AsyncGenerator<ProviderEvent> {
  return streamWithRetry(attempt, {
    maxAttempts: opts.maxAttempts,
    signal,
    classify: (err) => classifyProviderError(err, ctx),
    sleep: opts.sleep,
    random: opts.random,
  });
}
