// Whether a project's hooks may run: trusted before (per project and per set of hook definitions), trusted for this run, or waiting.
import { createHash } from 'node:crypto';
import { canonical, TrustStore } from '../mcp/trust.js';
import type { HookCommand, HookTrustRequest } from './hookTypes.js';

export const hookTrustFileName = 'hooks-trust.json';

/** The hash trust is given to: every project hook as written, so a changed command is asked about again. */
export function hookSetHash(hooks: readonly HookCommand[]): string {
  const set = hooks.map((h) => [h.file, h.event, h.matcher, h.command, h.timeoutMs]).map((entry) => canonical(entry)).sort();
  return createHash('sha256').update(canonical(set)).digest('hex').slice(0, 32);
}

export type HookTrustState = 'none' | 'trusted' | 'denied' | 'pending';

export interface HookTrustOptions {
  projectDir: string;
  reinHome: string;
  hooks: readonly HookCommand[];
  /** --trust-project: run them for this run without asking (nothing is remembered). */
  trustProject: boolean;
}

export class HookTrust {
  private state: HookTrustState;
  private readonly store: TrustStore;
  private readonly projectHooks: HookCommand[];
  private readonly hash: string;

  constructor(private readonly o: HookTrustOptions) {
    this.store = new TrustStore(o.reinHome, hookTrustFileName);
    this.projectHooks = o.hooks.filter((h) => h.scope === 'project');
    this.hash = hookSetHash(this.projectHooks);
    if (this.projectHooks.length === 0) this.state = 'none';
    else if (o.trustProject) this.state = 'trusted';
    else this.state = this.store.answer(o.projectDir, this.hash) ?? 'pending';
  }

  get current(): HookTrustState {
    return this.state;
  }

  /** User hooks always run; project hooks once trusted. */
  allows(hook: HookCommand): boolean {
    return hook.scope === 'user' || this.state === 'trusted';
  }

  pendingTrust(): HookTrustRequest | undefined {
    if (this.state !== 'pending') return undefined;
    return {
      projectDir: this.o.projectDir,
      hooks: this.projectHooks.map((h) => ({
        name: h.matcher && h.matcher !== '*' ? `${h.event} ${h.matcher}` : h.event,
        event: h.event, matcher: h.matcher, file: h.file, command: h.command,
      })),
    };
  }

  trust(decision: 'trust' | 'deny'): void {
    if (this.state !== 'pending') return;
    this.state = decision === 'trust' ? 'trusted' : 'denied';
    this.store.remember(this.o.projectDir, this.hash, this.state);
  }

  /** The headless notice when project hooks are skipped; undefined when none are. */
  skippedNotice(): string | undefined {
    if (this.state !== 'pending' && this.state !== 'denied') return undefined;
    const files = [...new Set(this.projectHooks.map((h) => h.file))].join(', ');
    const count = this.projectHooks.length;
    const why = this.state === 'denied' ? 'you declined them for this project' : 'this project is not trusted yet';
    return `Project hooks not run (${count} in ${files}; ${why}): run with --trust-project to run them, after reading what they do.`;
  }
}
