// The workspace's files for the `@` completion, listed once in the background by ripgrep (.gitignore respected).
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { runRipgrep } from '../source/tools/ripgrep.js';

/** Big trees are cut: the menu is for picking, not for browsing. */
const maxFiles = 50_000;

/** A getter that starts the listing on first use and returns undefined until it is done; a new getter once it is. */
export function useWorkspaceFiles(workspace: string | undefined): () => readonly string[] | undefined {
  const files = useRef<readonly string[] | undefined>(undefined);
  const started = useRef(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const [listed, render] = useReducer((n: number) => n + 1, 0);

  useEffect(() => () => controller.current?.abort(), []);

  return useCallback(() => {
    if (!started.current && workspace) {
      started.current = true;
      controller.current = new AbortController();
      void runRipgrep(['--files', '--hidden', '--glob', '!.git'], workspace, controller.current.signal)
        .then((result) => {
          files.current = result.stdout.split('\n').filter((line) => line !== '').slice(0, maxFiles).sort();
          render();
        })
        .catch(() => {
          // No listing (aborted at exit, or ripgrep missing): the menu stays empty and typing is unaffected.
          files.current = [];
        });
    }
    return files.current;
    // `listed` is a dependency on purpose: whoever holds the getter sees the listing arrive as a new getter.
  }, [workspace, listed]);
}
