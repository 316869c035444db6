// Cuts oversized tool output to head + tail, saving the full text in the session folder so nothing is lost.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { redactSecrets } from '../util/redact.js';
import { errorMessage } from '../util/errors.js';
import { formatInt } from '../util/format.js';

export interface OutputLimits {
  maxChars: number;
  maxLines: number;
}

/**
 * 30,000 chars (~8k tokens) or 1,000 lines: enough for a failing test run or a build log,
 * small enough that a few big outputs do not crowd the context window.
 */
const defaultOutputLimits: OutputLimits = { maxChars: 30_000, maxLines: 1_000 };

/**
 * read_file pages itself (2,000 lines, ~60,000 chars, with an "offset=" hint), so it gets room
 * for one full page; the runner still guards it like every other tool.
 */
const toolOutputLimits: Record<string, OutputLimits> = {
  read_file: { maxChars: 64_000, maxLines: 2_100 },
};

export const outputLimitsFor = (toolName: string): OutputLimits => toolOutputLimits[toolName] ?? defaultOutputLimits;

/** Share of the budget kept from the start; the rest comes from the end, where errors and summaries usually are. */
const headShare = 0.4;

export interface CutText {
  text: string;
  cutLines: number;
  cutChars: number;
}

/** Splits `text` into the kept head and tail; returns undefined when it fits. */
function splitHeadTail(text: string, limits: OutputLimits): { head: string; tail: string } | undefined {
  const lines = text.split('\n');
  if (text.length <= limits.maxChars && lines.length <= limits.maxLines) return undefined;
  const headLines = Math.max(1, Math.floor(limits.maxLines * headShare));
  const tailLines = Math.max(1, limits.maxLines - headLines);
  let head = lines.length > limits.maxLines ? lines.slice(0, headLines).join('\n') : text;
  let tail = lines.length > limits.maxLines ? lines.slice(-tailLines).join('\n') : '';
  const headChars = Math.floor(limits.maxChars * headShare);
  const tailChars = limits.maxChars - headChars;
  if (tail === '') {
    // Few but long lines: split the text itself by characters.
    tail = head.slice(Math.max(headChars, head.length - tailChars));
    head = head.slice(0, headChars);
  } else {
    if (head.length > headChars) head = head.slice(0, headChars);
    if (tail.length > tailChars) tail = tail.slice(tail.length - tailChars);
  }
  return { head, tail };
}

const countLines = (text: string): number => (text === '' ? 0 : text.split('\n').length);

/** Head + tail of `text` with a marker line in between; `note` explains where the rest is. */
export function cutMiddle(text: string, limits: OutputLimits, note: string): CutText | undefined {
  const parts = splitHeadTail(text, limits);
  if (!parts) return undefined;
  const cutChars = text.length - parts.head.length - parts.tail.length;
  const cutLines = Math.max(0, countLines(text) - countLines(parts.head) - countLines(parts.tail));
  const amount = cutLines > 0 ? `${formatInt(cutLines)} lines` : `${formatInt(cutChars)} characters`;
  const marker = `[… ${amount} cut … ${note}]`;
  return { text: `${parts.head}\n${marker}\n${parts.tail}`, cutLines, cutChars };
}

/** File name for a saved output; tool call ids come from providers, so keep them to safe characters. */
export const savedOutputPath = (sessionDir: string, toolCallId: string): string =>
  path.join(sessionDir, 'outputs', `${toolCallId.replace(/[^A-Za-z0-9_.-]/g, '_') || 'output'}.txt`);

export interface TruncateOptions {
  sessionDir: string;
  toolCallId: string;
  limits?: OutputLimits;
}

/** Returns `content` unchanged when it fits; otherwise saves it in full and returns head + marker + tail. */
export async function truncateToolOutput(content: string, options: TruncateOptions): Promise<{ content: string; savedPath?: string }> {
  const limits = options.limits ?? defaultOutputLimits;
  if (!splitHeadTail(content, limits)) return { content };
  const file = savedOutputPath(options.sessionDir, options.toolCallId);
  let note: string;
  let savedPath: string | undefined;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, redactSecrets(content), 'utf8');
    savedPath = file;
    note = `the full output is saved at ${file}; read it with read_file using offset/limit, or narrow the command`;
  } catch (err) {
    note = `the full output could not be saved (${errorMessage(err)}); narrow the command`;
  }
  const cut = cutMiddle(content, limits, note);
  return { content: cut ? cut.text : content, savedPath };
}
