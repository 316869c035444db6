// The workspace's files for the `@` completion, listed once in the background by the lister the app was given.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { loadFileMatcher } from './fileMenu.js';

/** Lists a workspace's files (relative paths, sorted); rejects when it cannot. */
export type FileLister = (workspace: string, signal: AbortSignal) => Promise<readonly string[]>;

/** A getter that starts the listing on first use and returns undefined until it is done; a new getter once it is. */
export function useWorkspaceFiles(workspace: string | undefined, list: FileLister | undefined): () => readonly string[] | undefined {
  const files = useRef<readonly string[] | undefined>(undefined);
  const started = useRef(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const [listed, render] = useReducer((n: number) => n + 1, 0);

  useEffect(() => () => controller.current?.abort(), []);

  return useCallback(() => {
    if (!started.current && workspace && list) {
      started.current = true;
      controller.current = new AbortController();
      // The menu opens with its matcher: the listing is done when both are.
      void Promise.all([list(workspace, controller.current.signal), loadFileMatcher()])
        .then(([listed]) => {
          files.current = listed;
          render();
        })
        .catch(() => {
          // No listing (aborted at exit, or ripgrep missing): the menu stays empty and typing is unaffected.
          files.current = [];
        });
    }
    return files.current;
    // `listed` is a dependency on purpose: whoever holds the getter sees the listing arrive as a new getter.
  }, [workspace, list, listed]);
}
