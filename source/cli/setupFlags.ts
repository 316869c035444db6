// Claude Code's Setup flags: `--init` and `--maintenance` run the Setup hooks before the session goes on, and
// `--init-only` runs them (and SessionStart) and exits. Taken out of the arguments before the rest are parsed.

export interface SetupFlags {
  /** The arguments without the Setup flags. */
  argv: string[];
  /** Setup's trigger: init (`--init`, `--init-only`) or maintenance (`--maintenance`). */
  trigger?: 'init' | 'maintenance';
  /** `--init-only`: run Setup and SessionStart hooks, then exit without a conversation. */
  initOnly: boolean;
}

export function takeSetupFlags(argv: readonly string[]): SetupFlags {
  // Only before a lone `--` (after it, words are a command's own, as with `rein mcp add x -- cmd --init`).
  const end = argv.indexOf('--');
  const head = end === -1 ? [...argv] : argv.slice(0, end);
  const tail = end === -1 ? [] : argv.slice(end);
  const has = (flag: string) => head.includes(flag);
  const initOnly = has('--init-only');
  const trigger = initOnly || has('--init') ? 'init' : has('--maintenance') ? 'maintenance' : undefined;
  const rest = head.filter((a) => a !== '--init' && a !== '--init-only' && a !== '--maintenance');
  return { argv: [...rest, ...tail], ...(trigger ? { trigger } : {}), initOnly };
}
