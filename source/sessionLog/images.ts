// Tool-result images in the session log: written once as files under the session folder (named by their content
// hash) and referenced from the log lines, so the log stays small and base64 never meets the secret redactor.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../util/atomicWrite.js';
import type { ImageContent, Message, ToolResultBlock } from '../protocol/messages.js';
import type { LogRecord } from './records.js';
import { omit } from '../util/omit.js';

/** How an image is kept in a log line: the file beside the log that holds its bytes. */
export interface StoredImage {
  type: 'image';
  mediaType: string;
  /** Relative to the session folder: images/<sha256>.<ext>. */
  file: string;
}

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

const hasImages = (message: Message): boolean => message.content.some((b) => b.type === 'tool_result' && (b.images?.length ?? 0) > 0);

function storeImage(dir: string, image: ImageContent): StoredImage {
  const bytes = Buffer.from(image.data, 'base64');
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extensions[image.mediaType] ?? 'bin'}`;
  const file = path.join(dir, 'images', name);
  try {
    if (!fs.existsSync(file)) writeFileAtomicSync(file, bytes);
  } catch {
    // The record itself still matters more than its picture: a resume finds the file missing and says so.
  }
  return { type: 'image', mediaType: image.mediaType, file: `images/${name}` };
}

function storeMessage(dir: string, message: Message): Message {
  if (message.role !== 'user' || !hasImages(message)) return message;
  return {
    ...message,
    content: message.content.map((b) =>
      b.type === 'tool_result' && b.images?.length ? ({ ...b, images: b.images.map((image) => storeImage(dir, image)) } as unknown as ToolResultBlock) : b,
    ),
  };
}

/** The record as it is written: images moved to files under `dir` (the session folder). */
export function storeRecordImages(record: LogRecord, dir: string): LogRecord {
  if (record.kind !== 'history') return record;
  if (record.op === 'append') return hasImages(record.message) ? { ...record, message: storeMessage(dir, record.message) } : record;
  if (record.op === 'replace') return record.messages.some(hasImages) ? { ...record, messages: record.messages.map((m) => storeMessage(dir, m)) } : record;
  return record;
}

const isStored = (value: unknown): value is StoredImage =>
  typeof value === 'object' && value !== null && typeof (value as StoredImage).file === 'string' && typeof (value as StoredImage).mediaType === 'string';

/** A loaded history with each image's bytes read back; a missing or unreadable file becomes a placeholder line. */
export function loadHistoryImages(messages: Message[], dir: string, warnings: string[]): Message[] {
  return messages.map((message) => {
    if (message.role !== 'user' || !hasImages(message)) return message;
    const content = message.content.map((block) => {
      if (block.type !== 'tool_result' || !block.images?.length) return block;
      const images: ImageContent[] = [];
      const lost: string[] = [];
      for (const raw of block.images as unknown[]) {
        if (!isStored(raw)) {
          if (typeof (raw as ImageContent).data === 'string') images.push(raw as ImageContent);
          continue;
        }
        const file = path.resolve(dir, raw.file);
        try {
          // Only files inside the session folder are read back.
          if (path.relative(dir, file).startsWith('..')) throw new Error('outside the session folder');
          images.push({ type: 'image', mediaType: raw.mediaType, data: fs.readFileSync(file).toString('base64') });
        } catch {
          lost.push(`[image ${raw.mediaType}: its saved file is missing]`);
          warnings.push(`An image of an earlier tool result (${raw.file}) is missing from the session folder; the model gets a note instead.`);
        }
      }
      const rest = omit(block, 'images');
      const text = [block.content, ...lost].filter((line) => line !== '').join('\n');
      return { ...rest, content: text, ...(images.length > 0 ? { images } : {}) };
    });
    return { ...message, content };
  });
}
