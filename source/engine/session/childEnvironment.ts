// What a session lends its subagents: its provider, tools, permissions and state, and its hooks for each child.
import { join } from 'node:path';
import type { Usage } from '../../protocol/messages.js';
import { untrustedProject } from '../../extensions/projectTrust.js';
import type { LoopHooks } from '../../extensions/hookTypes.js';
import type { SessionCore } from './core.js';
import type { ChildEnvironment } from './ports.js';

export function childEnvironmentFor(core: SessionCore, addUsage: (usage: Usage) => void): ChildEnvironment {
  const { o, info, compat } = core;
  /** A child's hooks: the session's, and its agent file's own while it runs (a project's once trusted). */
  const hooksFor: ChildEnvironment['hooksFor'] = (agent): { hooks?: LoopHooks; warning?: string } => {
    const own = agent.hooks ?? [];
    if (own.length === 0 || !o.hooks) return { hooks: o.hooks?.forLoop(true) };
    if (agent.scope === 'project' && !(o.projectTrusted?.() ?? false)) {
      return { hooks: o.hooks.forLoop(true), warning: `its hooks were not run: ${untrustedProject}.` };
    }
    return { hooks: o.hooks.forLoop(true, own) };
  };
  return {
    provider: o.provider, model: () => info.model, maxTokens: o.maxTokens, temperature: o.temperature,
    // StructuredOutput answers for the session's own run; a subagent's answer is its text.
    tools: () => core.tools.all().filter((t) => !compat.tools.includes(t)), broker: core.broker, rules: core.rules, mode: () => info.mode, interactive: o.interactive,
    cwd: o.cwd, workspace: o.workspace, state: core.state, maxTurns: o.agents?.maxTurns ?? 30, contextWindow: o.contextWindow, context: o.context,
    onUsage: (usage, model) => {
      addUsage(usage);
      compat.spent(usage, model);
    },
    askFallback: compat.askFallback,
    overBudget: compat.overBudget,
    now: o.now,
    // Read when a subagent starts: after a switch, its log goes with the session now open.
    get logDir() { return core.log ? join(core.state.sessionDir, 'agents') : undefined; },
    providerName: o.providerName,
    hooks: o.hooks?.forLoop(true),
    hooksFor,
  };
}
