// `@server:uri` mentions in a prompt, and a resource's contents as the text attached to the message.
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';

export interface ResourceMention {
  /** The mention as typed, e.g. `@docs:file:///readme.md`. */
  text: string;
  server: string;
  uri: string;
}

/**
 * `@server:scheme:…` at the start of the text or after whitespace, as Claude Code writes it. The URI must have a
 * scheme, so `@src/app.ts:12` or `@alice:` are left alone; trailing sentence punctuation is not part of it.
 */
const mentionPattern = /(?<=^|\s)@([A-Za-z0-9_.-]+):([A-Za-z][A-Za-z0-9+.-]*:[^\s]+)/g;

export function findResourceMentions(text: string): ResourceMention[] {
  const out: ResourceMention[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(mentionPattern)) {
    const uri = match[2].replace(/[.,;:!?)\]'"]+$/, '');
    const key = `${match[1]}\0${uri}`;
    if (uri === '' || seen.has(key)) continue;
    seen.add(key);
    out.push({ text: `@${match[1]}:${uri}`, server: match[1], uri });
  }
  return out;
}

const kb = (base64: string): string => `${(Math.ceil((base64.length * 3) / 4) / 1024).toFixed(1)} KB`;

/** Longest resource text attached as it is; more is cut with a note (the model's context is not a file store). */
const maxResourceChars = 100_000;

/** Text contents as text; binary contents described in one line each. */
export function resourceContentsText(result: ReadResourceResult): string {
  const parts = result.contents.map((content) => {
    if ('text' in content && typeof content.text === 'string') return content.text;
    const blob = 'blob' in content && typeof content.blob === 'string' ? content.blob : '';
    return `[binary resource ${content.uri}${content.mimeType ? ` (${content.mimeType})` : ''}, ${kb(blob)}: not shown]`;
  });
  const text = parts.join('\n');
  if (text.length <= maxResourceChars) return text;
  return `${text.slice(0, maxResourceChars)}\n[… ${text.length - maxResourceChars} more characters of this resource left out]`;
}

/** The block appended to the user's message for one attached resource. */
export const attachedResource = (mention: ResourceMention, text: string): string =>
  `<mcp-resource server="${mention.server}" uri="${mention.uri}">\n${text}\n</mcp-resource>`;
