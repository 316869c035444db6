// What the TUI may ask of the rooms below it without importing them: the workspace's files, the HTTP client's warm-up.
import { runRipgrep } from '../tools/ripgrep.js';
import { warmUpTransport } from '../providers/httpFetch.js';

/** Big trees are cut: the `@` menu is for picking, not for browsing. */
const maxFiles = 50_000;

export const tuiPorts = {
  /** The workspace's files for the `@` completion, listed by ripgrep (.gitignore respected), sorted. */
  async listFiles(workspace: string, signal: AbortSignal): Promise<readonly string[]> {
    const result = await runRipgrep(['--files', '--hidden', '--glob', '!.git'], workspace, signal);
    return result.stdout.split('\n').filter((line) => line !== '').slice(0, maxFiles).sort();
  },
  /** Loads the HTTP client's parts once the first frame is on screen, rather than when the first answer is asked for. */
  warmUp: warmUpTransport,
};
