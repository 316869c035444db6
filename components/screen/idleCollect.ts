// Returns memory to the system between tasks. Rendering a long answer leaves much garbage, and V8 grows its
// heap rather than collect it while the process is busy; Node gives V8 no idle signal, so a full collection
// after each task (when nothing is drawn or typed) keeps the resident size near what is really in use.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined | null;

/** V8's full collection, reachable without starting node with --expose-gc; undefined where it cannot be had. */
export function collector(): (() => void) | undefined {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  return collect ?? undefined;
}

/** Collects once the app has been quiet for `quietMs` (any activity restarts the wait), or right after a task. */
export function createIdleCollector(opts: { quietMs?: number; collect?: () => void } = {}): { activity(): void; now(): void; dispose(): void } {
  const quietMs = opts.quietMs ?? 1500;
  const run = () => (opts.collect ?? collector())?.();
  let timer: NodeJS.Timeout | undefined;
  let afterTask: NodeJS.Timeout | undefined;
  return {
    /** A task just ended: the garbage of its answer is all collectable. Later activity does not put this off. */
    now() {
      if (afterTask) return;
      afterTask = setTimeout(() => {
        afterTask = undefined;
        run();
      }, 50);
      afterTask.unref();
    },
    activity() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, quietMs);
      timer.unref();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      if (afterTask) clearTimeout(afterTask);
    },
  };
}
