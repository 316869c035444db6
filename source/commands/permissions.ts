// /permissions [remove <rule>]: lists the permission rules in force with where each comes from; removes session rules.
import type { SlashCommand } from './slashCommand.js';

export const permissionsCommand: SlashCommand = {
  name: 'permissions',
  argsHint: '[remove <rule>]',
  description: 'list the permission rules in force, or remove a rule added for this session',
  run(ctx, args) {
    const removal = /^remove\s+([\s\S]+)$/i.exec(args);
    if (removal) {
      const rule = removal[1].trim();
      if (ctx.removeSessionRule(rule)) ctx.print(`Removed ${rule} from this session's rules.`);
      else ctx.fail(`There is no session rule ${rule}; /permissions lists them (rules from files are changed in their file).`);
      return;
    }
    if (args) {
      ctx.fail('Use /permissions to list the rules, or /permissions remove <rule> to drop one added for this session.');
      return;
    }
    const rules = ctx.permissionRules();
    if (rules.length === 0) {
      ctx.print(`No permission rules; mode ${ctx.getState().session.mode} decides. Add rules under "permissions" in .claude/settings.json or agent.config.json.`);
      return;
    }
    const lines = (['deny', 'ask', 'allow'] as const).flatMap((effect) => {
      const of = rules.filter((r) => r.effect === effect);
      return of.length === 0 ? [] : [`${effect}:`, ...of.map((r) => `  ${r.text}  · ${r.source}`)];
    });
    ctx.print([...lines, 'Remove a session rule with /permissions remove <rule>.'].join('\n'));
  },
};
