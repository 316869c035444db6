// Whether this run may use what the project asks for: trusted before (for the same items), trusted for this run
// (--trust-project), declined, or waiting for the user's answer. Headless runs never ask and read no remembered answer.
import { fingerprintOf, orderedItems, type TrustDecision, type TrustItem, type TrustRequest } from './request.js';
import { ProjectTrustStore } from './store.js';

export type ProjectTrustState = 'none' | 'trusted' | 'denied' | 'pending';

export interface ProjectTrustOptions {
  projectDir: string;
  reinHome: string;
  /** Everything the project asks for (widening settings, endpoint, MCP servers, hooks, imports from outside it). */
  items: readonly TrustItem[];
  /** --trust-project: trusted for this run, nothing remembered. */
  forced: boolean;
  /** False for headless runs: only `forced` trusts there, a deliberate difference from claude -p. */
  interactive: boolean;
}

export class ProjectTrust {
  private stateNow: ProjectTrustState;
  private items: TrustItem[];
  private readonly store: ProjectTrustStore;
  private readonly changed: boolean;

  constructor(private readonly o: ProjectTrustOptions) {
    this.items = orderedItems(o.items);
    this.store = new ProjectTrustStore(o.reinHome);
    const remembered = o.interactive && !o.forced && this.items.length > 0 ? this.store.lookup(o.projectDir, fingerprintOf(this.items)) : { changed: false };
    this.changed = remembered.changed;
    if (this.items.length === 0) this.stateNow = 'none';
    else if (o.forced) this.stateNow = 'trusted';
    else if (!o.interactive) this.stateNow = 'denied';
    else this.stateNow = remembered.answer ?? 'pending';
  }

  get state(): ProjectTrustState {
    return this.stateNow;
  }

  /** True when the project's widening settings, servers and hooks may be used. */
  get trusted(): boolean {
    return this.stateNow === 'trusted';
  }

  /** The question to put to the user; undefined unless waiting for an answer. */
  request(): TrustRequest | undefined {
    if (this.stateNow !== 'pending') return undefined;
    return { projectDir: this.o.projectDir, items: this.items, ...(this.changed ? { changed: true } : {}) };
  }

  /** The user's answer, remembered for this project and these items. */
  answer(decision: TrustDecision): void {
    if (this.stateNow !== 'pending') return;
    this.stateNow = decision === 'trust' ? 'trusted' : 'denied';
    this.store.remember(this.o.projectDir, fingerprintOf(this.items), this.stateNow);
  }

  /**
   * The user saved an "always, this project" rule: that trusts the project, with the new rule among its items, so the
   * next session uses the rule without asking. Returns false (nothing saved) when the user declined this project.
   */
  trustWith(added: readonly TrustItem[]): boolean {
    if (this.stateNow === 'denied' && this.o.interactive) return false;
    const known = new Set(this.items.map(itemKey));
    this.items = orderedItems([...this.items, ...added.filter((item) => !known.has(itemKey(item)))]);
    this.stateNow = 'trusted';
    if (this.o.interactive && !this.o.forced) this.store.remember(this.o.projectDir, fingerprintOf(this.items), 'trusted');
    return true;
  }

  /** One sentence for each item left unused, saying how to use it; nothing when trusted or when there is nothing to trust. */
  notices(): string[] {
    if (this.stateNow !== 'denied') return [];
    const how = this.o.interactive
      ? 'you chose not to trust this project (to change that, delete its entry in $REIN_HOME/project-trust.json)'
      : 'this project is not trusted in a headless run; run with --trust-project to use it, after reading what it does';
    return this.items.map((item) => `Ignored ${describe(item)} from ${item.file}: ${how}.`);
  }
}

const itemKey = (item: TrustItem) => JSON.stringify([item.kind, item.name, item.file, item.definition]);

function describe(item: TrustItem): string {
  switch (item.kind) {
    case 'endpoint':
      return `the endpoint ${item.definition}`;
    case 'setting':
      return `${item.name} (${item.definition})`;
    case 'mcp':
      return `the MCP server ${item.name}`;
    case 'hook':
      return `the hook ${item.name} (${item.definition})`;
    case 'import':
      return `the instruction import ${item.name}`;
  }
}
