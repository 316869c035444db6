// write_file: creates or replaces a whole file, atomically, only over files this session has read in their current state.
import { promises as fs } from 'node:fs';
import { countLines, makeDiff, plural, staleFileError, statIfExists, writeFileAtomic } from './fileEdits.js';
import { resolveToolPath } from './paths.js';
import { adviceError, defineTool, type ToolContext } from './types.js';

export interface WriteFileArgs {
  path: string;
  content: string;
}

type WritePlan = { ok: false; error: string } | { ok: true; real: string; display: string; before: string; created: boolean };

async function planWrite(args: WriteFileArgs, ctx: ToolContext): Promise<WritePlan> {
  const resolved = await resolveToolPath(args.path, ctx, 'write');
  if (!resolved.ok) return { ok: false, error: resolved.error };
  const { real, display } = resolved.path;
  const stat = await statIfExists(real);
  if (!stat) return { ok: true, real, display, before: '', created: true };
  if (stat.isDirectory()) return { ok: false, error: `${display} is a folder; give the path of a file.` };
  const stale = staleFileError(ctx.state.files, real, display, stat, 'overwrite');
  if (stale) return { ok: false, error: stale };
  return { ok: true, real, display, before: ctx.files ? await ctx.files.readText(real) : await fs.readFile(real, 'utf8'), created: false };
}

export const writeFileTool = defineTool<WriteFileArgs>({
  name: 'write_file',
  description:
    'Create a file, or replace a whole file you have read in this session (unchanged since); folders are created. ' +
    'To change part of a file use edit_file.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      content: { type: 'string' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  readOnly: false,
  kind: 'edit',
  pathArguments: ['path'],
  summarize: (args, show) => show(args.path),

  async preview(args, ctx) {
    const plan = await planWrite(args, ctx);
    return plan.ok ? makeDiff(plan.display, plan.before, args.content).diff : undefined;
  },

  async execute(args, ctx) {
    const plan = await planWrite(args, ctx);
    if (!plan.ok) return adviceError(plan.error);
    await ctx.state.checkpoints?.beforeWrite(plan.real);
    await (ctx.files ? ctx.files.writeText(plan.real, args.content) : writeFileAtomic(plan.real, args.content));
    // An editor may keep the change in its buffer, unsaved: then the disk's file is as it was, or not there yet.
    const written = await statIfExists(plan.real);
    if (written) ctx.state.files.record(plan.real, written);
    const { diff } = makeDiff(plan.display, plan.before, args.content);
    const lines = countLines(args.content);
    const content = plan.created ? `Created ${plan.display} (${plural(lines, 'line')}).` : `Wrote ${plural(lines, 'line')} to ${plan.display}.`;
    return { content, display: { kind: 'diff', path: plan.display, diff, created: plan.created }, isError: false };
  },
});
