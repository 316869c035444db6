// What the sandbox hands a command it wraps.

/** One sandboxed command: the words to put before `/bin/bash -c …` (`bwrap … --`), and `release` once it has exited. */
export interface SandboxRun {
  words: string[];
  release(): void;
}
