// What the app is given: the session's bridge and the set-up the entry point knows (history file, keys, branch).
import type { Bridge } from '../source/store/bridge.js';
import type { KeyBindings } from '../source/config/keys.js';
import type { FileLister } from '../hooks/useWorkspaceFiles.js';

export interface AppProps {
  /** The session's bridge; its command list feeds the completion menu. */
  bridge: Bridge;
  /** $REIN_HOME/prompt-history.jsonl */
  historyFile: string;
  gitBranch?: string;
  /** Clock for the Ctrl+C double-press window. */
  now?: () => number;
  /** The global keys in force; the defaults when not given. */
  keys?: KeyBindings;
  /** Where the turn limit was set ("the --max-turns flag"), for the question asked when a run reaches it. */
  turnLimitFrom?: string;
  /** Lists the workspace's files for the `@` menu. */
  listFiles?: FileLister;
}
