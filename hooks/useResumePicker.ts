// Holds the /resume picker's sessions (read when it opens), filter and pick, and switches to the session picked.
import { useCallback, useRef, useState } from 'react';
import type { Key } from 'ink';
import type { Bridge } from '../source/store/bridge.js';
import type { SessionSummary } from '../source/session/listSessions.js';
import { filterSessions, initialResumePickerUi, resumePickerKey, type ResumePickerUi } from './resumePickerKeys.js';

export interface ResumePickerController {
  ui: ResumePickerUi;
  /** The sessions the filter lets through, newest first. */
  shown: SessionSummary[];
  total: number;
  handleKey(input: string, key: Key): void;
}

const none: SessionSummary[] = [];

export function useResumePicker(open: boolean, bridge: Bridge): ResumePickerController {
  const [ui, setUi] = useState<ResumePickerUi>(initialResumePickerUi);
  // Listed once per opening: the disk is not read again on every key.
  const listed = useRef<SessionSummary[] | undefined>(undefined);
  if (!open) listed.current = undefined;
  else listed.current ??= bridge.recentSessions();
  const sessions = listed.current ?? none;
  const ref = useRef({ ui, sessions });
  ref.current = { ui, sessions };

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const result = resumePickerKey(ref.current.ui, ref.current.sessions, input, key);
      const command = result.command;
      const next = command ? initialResumePickerUi : result.ui;
      ref.current = { ...ref.current, ui: next };
      setUi(next);
      if (!command) return;
      bridge.closePanel();
      if (command.kind === 'open') bridge.switchSession(command.sessionId);
    },
    [bridge],
  );
  return { ui, shown: open ? filterSessions(sessions, ui.filter) : none, total: sessions.length, handleKey };
}
