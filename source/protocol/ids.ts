// Short unique ids for runs, turns, messages and approvals; UUIDs for sessions.
import { randomBytes } from 'node:crypto';

let counter = 0;

export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}_${randomBytes(4).toString('hex')}${counter.toString(36)}`;
}

/**
 * Session ids are UUIDs (version 7, RFC 9562), as scripts written for Claude Code expect of `session_id` and
 * `--session-id`; a version 7 UUID starts with the time in milliseconds, so ids still sort by creation time.
 */
export function newSessionId(now = new Date()): string {
  const bytes = randomBytes(16);
  const ms = BigInt(now.getTime());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID in its usual written form (any version), as `--session-id` requires. */
export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}
