// Small builders for histories used by the compaction tests.
import type { AssistantMessage, Message, UserMessage } from '../../source/protocol/messages.js';
import { TokenCounter } from '../../source/engine/tokens.js';

export const user = (...texts: string[]): UserMessage => ({ role: 'user', content: texts.map((text) => ({ type: 'text', text })) });

export const say = (text: string): AssistantMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });

/** An assistant message calling tools: each call is [id, name, input]. */
export const calls = (...list: Array<[string, string, Record<string, unknown>]>): AssistantMessage => ({
  role: 'assistant',
  content: list.map(([id, name, input]) => ({ type: 'tool_use', id, name, input })),
});

/** A user message answering calls: each result is [id, content]; `texts` follow as text blocks. */
export const results = (list: Array<[string, string]>, ...texts: string[]): UserMessage => ({
  role: 'user',
  content: [
    ...list.map(([toolUseId, content]) => ({ type: 'tool_result' as const, toolUseId, content })),
    ...texts.map((text) => ({ type: 'text' as const, text })),
  ],
});

/** A counter that costs one token per four characters and counts how often it encodes. */
export function fakeCounter(): { counter: TokenCounter; calls: () => number } {
  let n = 0;
  const counter = new TokenCounter((text) => {
    n++;
    return Math.ceil(text.length / 4);
  });
  return { counter, calls: () => n };
}

export const lines = (count: number, prefix = 'line'): string => Array.from({ length: count }, (_, i) => `${prefix} ${i}`).join('\n');

/** Deterministic pseudo-random numbers (mulberry32), so a failing random history can be reproduced. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A valid random history: user turns of typed text, each followed by tool exchanges of random sizes; some
 * result messages carry reminders, some turns are typed right after results (an interrupted run).
 */
export function randomHistory(seed: number): { history: Message[]; typed: string[] } {
  const rand = random(seed);
  const pick = (n: number): number => Math.floor(rand() * n);
  const history: Message[] = [];
  const typed: string[] = [];
  let id = 0;
  const turns = 1 + pick(6);
  for (let t = 0; t < turns; t++) {
    const text = `task ${seed}.${t}: ${'do the thing '.repeat(1 + pick(20))}`;
    typed.push(text);
    const last = history[history.length - 1];
    if (last && last.role === 'user') last.content.push({ type: 'text', text });
    else history.push(user(text));
    const exchanges = pick(8);
    for (let e = 0; e < exchanges; e++) {
      const n = 1 + pick(3);
      const ids = Array.from({ length: n }, () => `call_${id++}`);
      const message = calls(...ids.map((c): [string, string, Record<string, unknown>] => [c, 'read_file', { path: `f${c}.ts` }]));
      if (rand() < 0.3) message.content.unshift({ type: 'text', text: 'Looking at it.' });
      history.push(message);
      const reminder = rand() < 0.3 ? ['<system-reminder>\nThe todo list is stale.\n</system-reminder>'] : [];
      history.push(results(ids.map((c): [string, string] => [c, 'x'.repeat(pick(3000))]), ...reminder));
    }
    // Half the turns end with a reply; the others were interrupted after tool results.
    if (rand() < 0.5 || exchanges === 0) history.push(say(`done with ${t}`));
  }
  return { history, typed };
}
