// The slash commands a session offers: the built-ins, then commands from other sources (custom command files now,
// MCP server prompts later, which may arrive while the session runs). The menu and /help read it; onChange re-renders.
import type { SlashCommand } from './slashCommand.js';

export class CommandList {
  private readonly sources = new Map<string, readonly SlashCommand[]>();
  private listeners = new Set<() => void>();
  private current: readonly SlashCommand[];

  constructor(private readonly builtins: readonly SlashCommand[]) {
    this.current = builtins;
  }

  /** Every command, built-ins first, then each source in the order it was first set. Stable until a change. */
  all(): readonly SlashCommand[] {
    return this.current;
  }

  find(name: string): SlashCommand | undefined {
    return this.current.find((c) => c.name === name);
  }

  /**
   * Replaces one source's commands. A name already taken (by a built-in or a source set earlier) stays with its
   * first owner; each command left out that way comes back as a one-line warning.
   */
  setSource(source: string, commands: readonly SlashCommand[]): string[] {
    this.sources.set(source, commands);
    const warnings: string[] = [];
    const taken = new Map<string, SlashCommand>(this.builtins.map((c) => [c.name, c]));
    const next: SlashCommand[] = [...this.builtins];
    for (const [name, list] of this.sources) {
      for (const command of list) {
        const owner = taken.get(command.name);
        if (owner) {
          if (name === source) warnings.push(`/${command.name} (${command.origin ?? source}) is not used: ${owner.origin ? `/${owner.name} (${owner.origin})` : `the built-in /${owner.name}`} has that name; rename the file to use it.`);
          continue;
        }
        taken.set(command.name, command);
        next.push(command);
      }
    }
    this.current = next;
    for (const listener of this.listeners) listener();
    return warnings;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
