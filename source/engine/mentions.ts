// `@path` mentions in a user message: each names a workspace file (or folder) whose content is attached to the
// message, read the way read_file reads it, so it counts as read and can be edited without reading it again.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PermissionMode } from '../protocol/events.js';
import type { PermissionPolicy } from '../permissions/policy.js';
import { findMentions } from '../util/mentions.js';
import { readFileTool } from '../tools/readFile.js';
import { resolveToolPath } from '../tools/paths.js';
import type { AnyTool, ToolContext } from '../tools/types.js';

/** A folder's listing stops here. */
const maxFolderEntries = 200;
/** At most this many mentions in one message are attached. */
const maxMentions = 20;

export interface Attachment {
  /** As written after the @. */
  mention: string;
  /** One line for the transcript: "notes.txt (12 lines)". */
  summary: string;
  /** The text that goes into the user message. */
  text: string;
}

export interface AttachResult {
  attachments: Attachment[];
  /** One line each: a mention that names something that cannot be attached. */
  notes: string[];
}

/**
 * The `@…` words of a message, outside code (see extensions/mentions.ts), without repeats. `@server:uri` (an MCP
 * resource) is not a file mention.
 */
export function findPromptMentions(text: string): string[] {
  const found: string[] = [];
  for (const { path } of findMentions(text, { prompt: true })) {
    if (/^[A-Za-z0-9_-]+:/.test(path) && !text.includes(`@"${path}"`)) continue;
    if (!found.includes(path)) found.push(path);
  }
  return found.slice(0, maxMentions);
}

const imageFile = /\.(?:png|jpe?g|gif|webp)$/i;
const imagePathPattern = /(?:^|\s)(?:'([^'\n]+\.(?:png|jpe?g|gif|webp))'|"([^"\n]+\.(?:png|jpe?g|gif|webp))"|((?:[^\s'"\\@]|\\ )+\.(?:png|jpe?g|gif|webp)))(?=\s|$)/gi;

/**
 * Image paths pasted without an @ (a file dragged onto the terminal pastes its path, quoted or with escaped
 * spaces): `/home/me/shot.png`, `'my shot.png'`, `my\ shot.png`.
 */
export function findPastedImages(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(imagePathPattern)) {
    const path = match[1] ?? match[2] ?? match[3].replace(/\\ /g, ' ');
    if (!found.includes(path)) found.push(path);
  }
  return found.slice(0, maxMentions);
}

export interface AttachOptions {
  text: string;
  ctx: ToolContext;
  rules: PermissionPolicy;
  mode: PermissionMode;
}

/**
 * Attaches what each mention names. A mention of nothing that exists stays plain text (it may be a handle, not
 * a path); one the permission rules do not let read_file read at once is named in a note and left out.
 */
export async function attachMentions(o: AttachOptions): Promise<AttachResult> {
  const result: AttachResult = { attachments: [], notes: [] };
  const mentions = findPromptMentions(o.text);
  for (const pasted of findPastedImages(o.text)) {
    if (mentions.includes(pasted)) continue;
    const abs = path.resolve(o.ctx.cwd, pasted.startsWith('~/') ? path.join(os.homedir(), pasted.slice(2)) : pasted);
    const real = await fs.realpath(abs).catch(() => undefined);
    // A link named like an image that leads to something else (a key, a .env) is not a pasted image.
    if (!real || !imageFile.test(real) || !(await fs.stat(real)).isFile()) continue;
    // The user pasted this file's path: once the rules let it be read, read_file may open that one file for the session.
    const verdict = await o.rules.judge(readFileTool as AnyTool, { path: real }, o.mode, o.ctx.cwd);
    if (verdict.kind !== 'allow') {
      result.notes.push(`${pasted} was not attached: ${verdict.kind === 'deny' ? 'a rule denies reading it' : `reading it needs approval${verdict.reason ? ` (${verdict.reason})` : ''}`}.`);
      continue;
    }
    if (!o.ctx.state.extraReadableRoots.includes(real)) o.ctx.state.extraReadableRoots.push(real);
    mentions.push(real);
  }
  for (const mention of mentions) {
    const resolved = await resolveToolPath(mention, o.ctx, 'read');
    if (!resolved.ok) {
      // Outside the workspace: said plainly, since the user meant a file.
      const exists = await fs.stat(mention).then(() => true, () => false);
      if (exists) result.notes.push(`@${mention} was not attached: ${resolved.error}`);
      continue;
    }
    const stat = await fs.stat(resolved.path.real).catch(() => undefined);
    if (!stat) continue;
    const display = resolved.path.display;
    const verdict = await o.rules.judge(readFileTool as AnyTool, { path: mention }, o.mode, o.ctx.cwd);
    if (verdict.kind !== 'allow') {
      const why = verdict.kind === 'deny' ? 'a rule denies reading it' : `reading it needs approval${verdict.reason ? ` (${verdict.reason})` : ''}`;
      result.notes.push(`@${mention} was not attached: ${why}; ask for it in words and approve the read.`);
      continue;
    }
    if (stat.isDirectory()) {
      const entries = (await fs.readdir(resolved.path.real, { withFileTypes: true }))
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
        .sort();
      const shown = entries.slice(0, maxFolderEntries);
      const more = entries.length > shown.length ? `\n… ${entries.length - shown.length} more entries` : '';
      result.attachments.push({
        mention,
        summary: `${display}/ (${entries.length} ${entries.length === 1 ? 'entry' : 'entries'})`,
        text: `<attached-folder path="${display}">\n${shown.join('\n')}${more}\n</attached-folder>`,
      });
      continue;
    }
    const read = await readFileTool.execute({ path: mention }, o.ctx);
    if (read.isError) {
      result.notes.push(`@${mention} was not attached: ${read.content}`);
      continue;
    }
    if (read.images && read.images.length > 0) {
      // User messages carry text only; read_file hands the model the image itself, where the provider takes images.
      result.attachments.push({
        mention,
        summary: `${display} (image)`,
        text: `<attached-image path="${display}">${read.content} Call read_file on it to see the image.</attached-image>`,
      });
      continue;
    }
    const lines = read.display.kind === 'text' ? /lines \d+\u2013(\d+)/.exec(read.display.text)?.[1] : undefined;
    result.attachments.push({
      mention,
      summary: lines ? `${display} (${lines} ${lines === '1' ? 'line' : 'lines'})` : display,
      text: `<attached-file path="${display}">\n${read.content}\n</attached-file>`,
    });
  }
  return result;
}

/** The text added to the user message after what the user typed. */
export function attachmentText(attachments: readonly Attachment[]): string {
  return `The user attached ${attachments.length === 1 ? 'this' : 'these'} with @ (files are already read: they may be edited without reading them again):\n\n${attachments.map((a) => a.text).join('\n\n')}`;
}
