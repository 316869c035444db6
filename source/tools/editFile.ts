// edit_file: exact string replacement in a file this session has read, refusing ambiguous or stale edits.
import { promises as fs } from 'node:fs';
import { makeDiff, staleFileError, statIfExists, writeFileAtomic } from './fileEdits.js';
import { resolveToolPath } from './paths.js';
import { adviceError, defineTool, type ToolContext } from './types.js';

export interface EditFileArgs {
  path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

type EditPlan = { ok: false; error: string } | { ok: true; real: string; display: string; before: string; after: string; count: number };

function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count++;
  return count;
}

/** Replaces without String.replace, whose `$&`-style patterns would corrupt code containing `$`. */
function replaceText(text: string, search: string, replacement: string, all: boolean): string {
  if (all) return text.split(search).join(replacement);
  const at = text.indexOf(search);
  return text.slice(0, at) + replacement + text.slice(at + search.length);
}

async function planEdit(args: EditFileArgs, ctx: ToolContext): Promise<EditPlan> {
  if (args.old_string === args.new_string) return { ok: false, error: 'old_string and new_string are identical; there is nothing to change.' };
  const resolved = await resolveToolPath(args.path, ctx, 'write');
  if (!resolved.ok) return { ok: false, error: resolved.error };
  const { real, display } = resolved.path;
  const stat = await statIfExists(real);
  if (!stat) return { ok: false, error: `${display} does not exist; use write_file to create it.` };
  if (stat.isDirectory()) return { ok: false, error: `${display} is a folder; give the path of a file.` };
  const stale = staleFileError(ctx.state.files, real, display, stat, 'edit');
  if (stale) return { ok: false, error: stale };

  const before = ctx.files ? await ctx.files.readText(real) : await fs.readFile(real, 'utf8');
  let search = args.old_string;
  let replacement = args.new_string;
  let count = countOccurrences(before, search);
  // Models write \n; a file with Windows line endings should still match.
  if (count === 0 && before.includes('\r\n') && !search.includes('\r')) {
    const crlf = search.replace(/\n/g, '\r\n');
    count = countOccurrences(before, crlf);
    if (count > 0) {
      search = crlf;
      replacement = replacement.replace(/\r?\n/g, '\r\n');
    }
  }
  if (count === 0) {
    return { ok: false, error: `old_string was not found in ${display}; read the file again and copy the text exactly, including indentation and line breaks.` };
  }
  if (count > 1 && args.replace_all !== true) {
    return { ok: false, error: `old_string matches ${count} times in ${display}; add surrounding lines to make it unique or set replace_all.` };
  }
  const after = replaceText(before, search, replacement, args.replace_all === true);
  return { ok: true, real, display, before, after, count: args.replace_all === true ? count : 1 };
}

export const editFileTool = defineTool<EditFileArgs>({
  name: 'edit_file',
  description:
    'Replace old_string with new_string in a file you have read in this session (unchanged on disk since). old_string must match exactly, ' +
    'indentation included and without read_file\'s line-number prefix, and be unique: include surrounding lines, or set replace_all to change every occurrence.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      old_string: { type: 'string', minLength: 1 },
      new_string: { type: 'string' },
      replace_all: { type: 'boolean' },
    },
    required: ['path', 'old_string', 'new_string'],
    additionalProperties: false,
  },
  readOnly: false,
  kind: 'edit',
  pathArguments: ['path'],
  summarize: (args, show) => show(args.path),

  async preview(args, ctx) {
    const plan = await planEdit(args, ctx);
    return plan.ok ? makeDiff(plan.display, plan.before, plan.after).diff : undefined;
  },

  async execute(args, ctx) {
    const plan = await planEdit(args, ctx);
    if (!plan.ok) return adviceError(plan.error);
    await ctx.state.checkpoints?.beforeWrite(plan.real);
    await (ctx.files ? ctx.files.writeText(plan.real, plan.after) : writeFileAtomic(plan.real, plan.after));
    // An editor may keep the change in its buffer, unsaved: then the disk's file is as it was, or not there yet.
    const written = await statIfExists(plan.real);
    if (written) ctx.state.files.record(plan.real, written);
    const { diff, added, removed } = makeDiff(plan.display, plan.before, plan.after);
    const replacements = plan.count === 1 ? '1 replacement' : `${plan.count} replacements`;
    return {
      content: `Edited ${plan.display}: ${replacements} (+${added} -${removed} lines).`,
      display: { kind: 'diff', path: plan.display, diff, created: false },
      isError: false,
    };
  },
});
