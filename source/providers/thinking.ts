// What a thinking setting asks of a model: a token budget (Anthropic's older models) or an effort level (the rest).
import type { ThinkingSetting } from './types.js';

/** Thinking tokens for each effort level. */
const thinkingBudgets = { low: 4_000, medium: 10_000, high: 32_000 } as const;
/** The API's smallest thinking budget. */
const MIN_THINKING_BUDGET = 1024;

/** The thinking budget a setting asks for, or undefined when thinking is off. */
export function thinkingBudget(setting: ThinkingSetting | undefined): number | undefined {
  if (setting === undefined || setting === 'off') return undefined;
  return typeof setting === 'number' ? Math.max(MIN_THINKING_BUDGET, Math.round(setting)) : thinkingBudgets[setting];
}

/** Effort level of a setting; a token budget maps onto the nearest level. */
export function thinkingEffort(setting: ThinkingSetting | undefined): 'low' | 'medium' | 'high' | undefined {
  if (setting === undefined || setting === 'off') return undefined;
  if (typeof setting !== 'number') return setting;
  return setting <= 4_096 ? 'low' : setting <= 16_384 ? 'medium' : 'high';
}

/** The words the --thinking flag and the `thinking` key take, besides a number of tokens. */
const thinkingLevels = ['off', 'low', 'medium', 'high'] as const;

/** Reads "--thinking high" or "--thinking 8000"; undefined for anything else. */
export function parseThinking(text: string): ThinkingSetting | undefined {
  const word = text.trim().toLowerCase();
  if ((thinkingLevels as readonly string[]).includes(word)) return word as ThinkingSetting;
  if (/^\d+$/.test(word) && Number(word) >= MIN_THINKING_BUDGET) return Number(word);
  return undefined;
}
