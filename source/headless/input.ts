// --input-format stream-json: user messages in Claude Code's shape, one JSON object a line on standard input.
import { isObject } from '../util/errors.js';

/**
 * --input-format stream-json: one JSON object per line, in Claude Code's shape
 * (`{"type":"user","message":{"role":"user","content":"…" | [{"type":"text","text":"…"}]}}`).
 * Each user message is yielded as its text; a line that is not one is skipped with a one-line warning.
 */
export async function* streamJsonMessages(lines: AsyncIterable<string>, warn: (message: string) => void): AsyncIterable<string> {
  let number = 0;
  for await (const raw of lines) {
    number += 1;
    const line = raw.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      warn(`input line ${number} is not JSON; skipped it (each line must be {"type":"user","message":{"role":"user","content":"…"}}).`);
      continue;
    }
    const text = userText(value);
    if (text === undefined) {
      warn(`input line ${number} is not a user message with text; skipped it (expected {"type":"user","message":{"role":"user","content":"…"}}).`);
      continue;
    }
    yield text;
  }
}

function userText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { type, message } = value as { type?: unknown; message?: unknown };
  if (type !== 'user' || message === null || typeof message !== 'object') return undefined;
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content.trim() === '' ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const parts: unknown[] = content;
  const texts = parts
    .filter((part): part is { type: 'text'; text: string } => isObject(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text);
  const text = texts.join('\n');
  return text.trim() === '' ? undefined : text;
}
