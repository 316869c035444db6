// Number and usage formatting shared by the status bar, /cost and the exit summary line.
import type { McpServerStatus } from '../protocol/events.js';
import type { Usage } from '../protocol/messages.js';

/** "MCP 2/3": servers connected out of those configured and not turned off; undefined without any. */
export function mcpCount(servers: readonly McpServerStatus[] | undefined): { label: string; connected: number; total: number; failed: boolean } | undefined {
  const counted = (servers ?? []).filter((s) => s.status !== 'disabled');
  if (counted.length === 0) return undefined;
  const connected = counted.filter((s) => s.status === 'connected').length;
  return { label: `MCP ${connected}/${counted.length}`, connected, total: counted.length, failed: counted.some((s) => s.status === 'failed') };
}

/**
 * 1234567 → "1,234,567", as `toLocaleString('en-US')` writes a whole number, without ICU's number formatting: its
 * first use costs about 7 MB of resident memory and 10 ms, paid mid-session by the first count a tool row shows.
 */
export function formatInt(n: number): string {
  const rounded = Math.round(n);
  // Beyond 2^53, and for infinities, ICU's own text (rare enough to pay for it).
  if (!Number.isSafeInteger(rounded)) return rounded.toLocaleString('en-US');
  const grouped = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+$)/g, ',');
  return rounded < 0 ? `-${grouped}` : grouped;
}

/** 950 → "950", 12_345 → "12.3k", 1_234_567 → "1.2M". */
export function formatTokens(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function formatCost(dollars: number): string {
  return dollars < 0.01 && dollars > 0 ? `$${dollars.toFixed(4)}` : `$${dollars.toFixed(2)}`;
}

/** Share of prompt tokens served from cache, 0–100, or undefined when nothing was reported. */
export function cacheHitPercent(usage: Usage): number | undefined {
  if (usage.cacheReadTokens <= 0 || usage.inputTokens <= 0) return undefined;
  return Math.min(100, Math.round((usage.cacheReadTokens / usage.inputTokens) * 100));
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.floor(seconds % 60);
  if (minutes < 60) return `${minutes}m ${rest}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A running clock in whole seconds, "0s", "42s", then as formatDuration: tenths would change between ticks. */
export function formatElapsed(ms: number): string {
  return ms < 60_000 ? `${Math.floor(Math.max(0, ms) / 1000)}s` : formatDuration(ms);
}

/** The line printed after the TUI exits: "rein: 12,345 tokens in (80% cached), 2,345 out · $0.05". */
/** `cost` is the session's dollars (undefined when a model used has no known price). */
export function usageSummaryLine(usage: Usage, cost: number | undefined): string {
  const cached = cacheHitPercent(usage);
  const input = `${formatInt(usage.inputTokens)} tokens in${cached === undefined ? '' : ` (${cached}% cached)`}`;
  const estimate = usage.estimated ? ' (partly estimated)' : '';
  return `rein: ${input}, ${formatInt(usage.outputTokens)} out${estimate}${cost === undefined ? '' : ` · ${formatCost(cost)}`}`;
}
