// /memory: lists, shows, adds and deletes markdown memories, and prints their folders.
import { isMemoryType, memoryTypes } from '../memory/memoryFile.js';
import type { CommandContext, SlashCommand } from './slashCommand.js';

const usage = `Usage: /memory [list] · /memory show <name> · /memory add <${memoryTypes.join('|')}> <text> · /memory delete <name> · /memory path`;

function list(ctx: CommandContext): void {
  const store = ctx.memory();
  if (!store) return;
  const entries = store.list();
  if (entries.length === 0) {
    ctx.print(`No memories saved yet. Add one with /memory add <type> <text>.\nFolders: ${store.globalDir} (global), ${store.projectDir} (this project)`);
    return;
  }
  const lines: string[] = [];
  for (const type of memoryTypes) {
    const ofType = entries.filter((e) => e.type === type);
    if (ofType.length === 0) continue;
    lines.push(`${type}:`);
    for (const entry of ofType) lines.push(`  ${entry.name}: ${entry.description}`);
  }
  ctx.print(lines.join('\n'));
}

export const memoryCommand: SlashCommand = {
  name: 'memory',
  argsHint: '[list|show|add|delete|path]',
  description: 'list, show, add or delete memories',
  run(ctx, args) {
    const store = ctx.memory();
    if (!store) {
      ctx.fail('Memory is off in this session.');
      return;
    }
    const [sub = 'list', ...rest] = args.split(/\s+/).filter(Boolean);
    const tail = rest.join(' ');
    switch (sub) {
      case 'list':
        return list(ctx);
      case 'path':
        ctx.print(`Global memories: ${store.globalDir}\nThis project's memories: ${store.projectDir}`);
        return;
      case 'show': {
        const entry = tail ? store.get(tail) : undefined;
        if (!entry) return ctx.fail(tail ? `No memory named "${tail}"; /memory lists them.` : usage);
        ctx.print(`${entry.name} (${entry.type}): ${entry.description}\n${entry.body}\n${entry.path}`);
        return;
      }
      case 'add': {
        const [type, ...words] = rest;
        if (!isMemoryType(type) || words.length === 0) return ctx.fail(usage);
        const result = store.save({ type, body: words.join(' ') });
        ctx.print(result.status === 'unchanged' ? `Already saved as ${result.entry.name}.` : `Saved ${type} memory ${result.entry.name}.`);
        return;
      }
      case 'delete':
      case 'rm':
        if (!tail) return ctx.fail(usage);
        if (store.delete(tail)) ctx.print(`Deleted memory ${tail}.`);
        else ctx.fail(`No memory named "${tail}"; /memory lists them.`);
        return;
      default:
        ctx.fail(usage);
    }
  },
};
