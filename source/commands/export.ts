// /export [file]: the conversation as Markdown (tool calls as short blocks, file changes as diff blocks).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeFileAtomicSync } from '../util/atomicWrite.js';
import { exportMarkdown } from '../sessionLog/exportMarkdown.js';
import { loadSession } from '../sessionLog/loadSession.js';
import type { SlashCommand } from './slashCommand.js';

export const exportCommand: SlashCommand = {
  name: 'export',
  argsHint: '[file]',
  description: 'write the conversation as Markdown',
  run(ctx, args) {
    const log = ctx.logFile();
    if (!log || !existsSync(log)) {
      ctx.print('Nothing to export yet: the conversation starts with your first message.');
      return;
    }
    const { sessionId, cwd } = ctx.getState().session;
    const target = resolve(cwd, args.trim() || `rein-${sessionId}.md`);
    try {
      const loaded = loadSession(log, { maxEvents: Number.POSITIVE_INFINITY });
      writeFileAtomicSync(target, exportMarkdown(loaded.meta, loaded.events));
    } catch (error) {
      ctx.fail(`Could not export to ${target} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give another file: /export <file>.`);
      return;
    }
    ctx.print(`Exported the conversation to ${target}.`);
  },
};
