// /mode [name]: shows or sets the permission mode (ask, auto-edit, plan, yolo).
import type { SlashCommand } from './slashCommand.js';
import { permissionModes, type PermissionMode } from '../protocol/events.js';

const descriptions: Record<PermissionMode, string> = {
  ask: 'ask before any tool that changes something',
  'auto-edit': 'file edits run without asking; commands still ask',
  plan: 'read-only: the model plans and changes nothing',
  yolo: 'everything runs without asking',
};

const isMode = (value: string): value is PermissionMode => (permissionModes as readonly string[]).includes(value);

export const modeCommand: SlashCommand = {
  name: 'mode',
  argsHint: '[ask|auto-edit|plan|yolo]',
  description: 'show or set the permission mode',
  run(ctx, args) {
    const current = ctx.getState().session.mode;
    if (!args) {
      const list = permissionModes.map((m) => `${m === current ? '›' : ' '} ${m}: ${descriptions[m]}`);
      ctx.print([`Mode: ${current}.`, ...list].join('\n'));
      return;
    }
    const wanted = args.toLowerCase();
    if (!isMode(wanted)) {
      ctx.fail(`Unknown mode ${args}: use one of ${permissionModes.join(', ')}.`);
      return;
    }
    ctx.setMode(wanted);
    ctx.print(`Mode set to ${wanted}: ${descriptions[wanted]}.`);
  },
};
