// glob: files whose path matches a pattern, newest first, honouring .gitignore and skipping hidden files.
import path from 'node:path';
import { statIfExists } from './fileEdits.js';
import { displayPath, realpathNearest, resolveToolPath } from './paths.js';
import { ripgrepError, runRipgrep, sortNewestFirst } from './ripgrep.js';
import { prepareExeca } from './processGroup.js';
import { adviceError, defineTool, errorResult, textResult, withoutRefused } from './types.js';
import { formatInt } from '../util/format.js';

export interface GlobArgs {
  pattern: string;
  path?: string;
}

const maxGlobResults = 200;

const splitNul = (text: string): string[] => text.split('\0').filter((entry) => entry !== '');

export const globTool = defineTool<GlobArgs>({
  name: 'glob',
  prepare: prepareExeca,
  description:
    'Find files by name, e.g. "src/**/*.ts" (without "/" a pattern matches names at any depth), honouring .gitignore ' +
    'and skipping hidden files. At most 200 paths, newest first.',
  inputSchema: {
    type: 'object',
    properties: {
      pattern: { type: 'string', minLength: 1, description: 'Relative to path' },
      path: { type: 'string', description: 'Folder' },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  readOnly: true,
  kind: 'read',
  pathArguments: ['path'],
  summarize: (args, show) => (args.path ? `${args.pattern} in ${show(args.path)}` : args.pattern),

  async execute(args, ctx) {
    const resolved = await resolveToolPath(args.path ?? '.', ctx, 'read');
    if (!resolved.ok) return adviceError(resolved.error);
    const { real: dir, display } = resolved.path;
    const stat = await statIfExists(dir);
    if (!stat) return adviceError(`${display} does not exist; give an existing folder as path.`);
    if (!stat.isDirectory()) return adviceError(`${display} is a file, not a folder; give a folder as path.`);

    // A --glob match overrides ripgrep's ignore rules, so intersect with the plain listing to keep .gitignore and hidden files out.
    const [matching, listed] = await Promise.all([
      runRipgrep(['--files', '--null', '--glob', args.pattern], dir, ctx.signal),
      runRipgrep(['--files', '--null'], dir, ctx.signal),
    ]);
    if (matching.exitCode === 2 && matching.stdout === '') {
      return errorResult(`glob failed for pattern \`${args.pattern}\`: ${ripgrepError(matching.stderr)}`);
    }
    const visible = new Set(splitNul(listed.stdout));
    const found = splitNul(matching.stdout).filter((file) => visible.has(file));
    const { kept: files, note } = withoutRefused(found, (file) => path.join(dir, file), ctx.state);
    if (files.length === 0) return textResult(`No files match \`${args.pattern}\` in ${display}.${note ? ` ${note}` : ''}`);

    const sorted = await sortNewestFirst(files.map((file) => path.join(dir, file)));
    const cwd = await realpathNearest(ctx.cwd);
    const shown = sorted.slice(0, maxGlobResults).map((file) => displayPath(file, cwd));
    if (sorted.length > maxGlobResults) {
      shown.push(`… ${formatInt(sorted.length - maxGlobResults)} more files not shown; use a narrower pattern or path.`);
    }
    if (note) shown.push(note);
    return textResult(shown.join('\n'), false, `${sorted.length} files match ${args.pattern}`);
  },
});
