// Keys that answer a dialog which grants something: a modified key (Ctrl+Y is the sidebar key, Ctrl+A line start)
// must never be read as its letter.
import type { Key } from 'ink';

/** True for Ctrl, Alt (meta), Super or Hyper held with the key; Esc alone, which Ink marks as meta, is not modified. */
export function isModified(key: Key): boolean {
  return key.ctrl || (key.meta && !key.escape) || key.super === true || key.hyper === true;
}
