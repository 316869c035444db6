// The one line a hook that blocked or failed gets, in the transcript and on a headless run's stderr.
import type { HookNote } from './hookTypes.js';

export function hookLine(note: Pick<HookNote, 'command' | 'outcome' | 'message'> & { event: string }): string {
  const command = note.command.length > 60 ? `${note.command.slice(0, 59)}…` : note.command;
  const verb = note.outcome === 'blocked' ? 'blocked' : 'failed';
  return `${note.event} hook ${verb} (${command}): ${note.message.split('\n')[0]}`;
}
