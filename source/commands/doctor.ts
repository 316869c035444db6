// /doctor: one line per check of rein's set-up (config, key, provider, model, MCP, hooks, programs, terminal), each failure with what to do.
import { apiKeyEnvVar } from '../config/index.js';
import type { ProviderName } from '../config/types.js';
import { configChecks, hooksCheck, keyCheck, mcpChecks, modelCheck, programChecks, providerCheck, terminalCheck, type CheckLine } from './doctorChecks.js';
import type { SlashCommand } from './slashCommand.js';

/** How long the provider has to answer. */
const probeTimeoutMs = 5_000;

export function renderChecks(lines: readonly CheckLine[]): string {
  return lines.map((l) => `${l.mark} ${l.text}${l.fix ? `\n    → ${l.fix}` : ''}`).join('\n');
}

export const doctorCommand: SlashCommand = {
  name: 'doctor',
  description: 'check the set-up: config, key, provider, MCP, hooks, programs, terminal',
  async run(ctx, args) {
    if (args) return ctx.fail(`/doctor takes no arguments ("${args}").`);
    const facts = ctx.getState();
    const d = ctx.diagnostics();
    const env = process.env;
    const lines: CheckLine[] = [];
    if (d) {
      lines.push(...configChecks(d, facts.session.cwd, env));
      lines.push(keyCheck(d, apiKeyEnvVar({ provider: d.provider as ProviderName, baseUrl: d.baseUrl })));
      lines.push(await providerCheck(d, probeTimeoutMs));
    }
    lines.push(modelCheck(facts.session.model, facts.session.contextWindow));
    lines.push(...mcpChecks(facts.mcp));
    if (d) lines.push(hooksCheck(d));
    lines.push(...programChecks(env));
    lines.push(terminalCheck(env, process.stdout.isTTY === true));
    ctx.print(renderChecks(lines));
  },
};
