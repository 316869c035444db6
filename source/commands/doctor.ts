// /doctor: one line per check of rein's set-up (config, key, provider, model, MCP, hooks, programs, terminal), each failure with what to do.
import { apiKeyEnvVar } from '../config/index.js';
import type { ProviderName } from '../config/types.js';
import { configChecks, hooksCheck, keyCheck, mcpChecks, modelCheck, programChecks, providerCheck, terminalCheck, type CheckLine } from './doctorChecks.js';
import type { CommandContext, SlashCommand } from './slashCommand.js';

/** How long the provider has to answer. */
const probeTimeoutMs = 5_000;
/** How long MCP servers still starting are waited for, so their lines say how they ended rather than "connecting". */
const mcpWaitMs = 15_000;

async function settled(ctx: CommandContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => { timer = setTimeout(resolve, mcpWaitMs); });
  await Promise.race([ctx.mcpSettled(), waited]);
  clearTimeout(timer);
}

function renderChecks(lines: readonly CheckLine[]): string {
  return lines.map((l) => `${l.mark} ${l.text}${l.fix ? `\n    → ${l.fix}` : ''}`).join('\n');
}

export const doctorCommand: SlashCommand = {
  name: 'doctor',
  description: 'check rein\'s set-up and say what to fix',
  async run(ctx, args) {
    if (args) return ctx.fail(`/doctor takes no arguments ("${args}").`);
    const d = ctx.diagnostics();
    const env = process.env;
    const lines: CheckLine[] = [];
    // The probe and the MCP servers' start-up run side by side.
    const [provider] = await Promise.all([d ? providerCheck(d, probeTimeoutMs) : undefined, settled(ctx)]);
    const facts = ctx.getState();
    if (d) {
      lines.push(...configChecks(d, facts.session.cwd, env));
      lines.push(keyCheck(d, apiKeyEnvVar({ provider: d.provider as ProviderName, baseUrl: d.baseUrl })));
    }
    if (provider) lines.push(provider);
    lines.push(modelCheck(facts.session.model, facts.session.contextWindow));
    lines.push(...mcpChecks(facts.mcp, ctx.screen));
    if (d) lines.push(hooksCheck(d));
    lines.push(...programChecks(env));
    lines.push(terminalCheck(env, process.stdout.isTTY === true));
    ctx.print(renderChecks(lines));
  },
};
