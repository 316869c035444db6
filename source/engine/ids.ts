// Short unique ids for runs, turns, messages and approvals.
import { randomBytes } from 'node:crypto';

let counter = 0;

export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}_${randomBytes(4).toString('hex')}${counter.toString(36)}`;
}

/** Session ids sort by creation time: 20261130-081500-ab12cd. */
export function newSessionId(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}
