// The fallback when the summary call fails: drop the older half of the exchanges, keeping the user's words.
import type { Message } from '../../protocol/messages.js';
import { applySummary } from './applySummary.js';
import { recentFrom, splitPoints } from './splitPoints.js';
import { collectSummaries } from './userText.js';

/**
 * Drops the older half of the exchanges (never the newest one) and puts one leading user message in their
 * place that says so, repeats any earlier summary among them and lists the user's messages verbatim.
 */
export function dropOlderHalf(history: Message[]): Message[] {
  const points = splitPoints(history);
  if (points.length === 0) return history.slice();
  // Each cut point starts an exchange; whatever precedes the first one always goes with the older half.
  const cut = points[Math.floor(points.length / 2)];
  const older = history.slice(0, cut);
  const earlier = collectSummaries(older);
  const note = [
    'Older context was dropped to free space because it could not be summarised; only the user\'s messages from it are kept below.',
    ...(earlier.length > 0 ? ['', 'Summary of the conversation before that:', ...earlier] : []),
  ].join('\n');
  return applySummary({ older, recent: recentFrom(history, cut) }, note);
}
