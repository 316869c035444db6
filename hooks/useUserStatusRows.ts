// The rows of the user's status line as the screen shows them: hidden while a dialog or the completion menu is up
// (as Claude Code's is) and on a screen too small to spare them.
import { useMemo } from 'react';
import { userStatusMaxRows, userStatusRows } from '../components/view/userStatusLines.js';
import type { AppStore } from '../source/store/store.js';
import { useStore } from './useStore.js';

export function useUserStatusRows(store: AppStore, hidden: boolean, columns: number, frameHeight: number): string[] {
  const text = useStore(store, (s) => s.userStatus);
  const maxRows = Math.min(userStatusMaxRows, Math.max(0, Math.floor((frameHeight - 6) / 3)));
  return useMemo(() => (hidden ? [] : userStatusRows(text, columns, maxRows)), [hidden, text, columns, maxRows]);
}
