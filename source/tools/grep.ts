// grep: ripgrep search of file contents, as matching files (newest first), matching lines or counts.
import path from 'node:path';
import { statIfExists } from './fileEdits.js';
import { displayPath, realpathNearest, resolveToolPath } from './paths.js';
import { ripgrepError, runRipgrep, sortNewestFirst } from './ripgrep.js';
import { prepareExeca } from './processGroup.js';
import { adviceError, defineTool, errorResult, textResult, withoutRefused } from './types.js';
import { formatInt } from '../util/format.js';

export type GrepOutputMode = 'content' | 'files_with_matches' | 'count';

export interface GrepArgs {
  pattern: string;
  path?: string;
  glob?: string;
  type?: string;
  output_mode?: GrepOutputMode;
  case_insensitive?: boolean;
  context?: number;
  head_limit?: number;
}

const defaultHeadLimit = 200;

/** --null ends every printed path with a NUL, so paths containing ':' parse safely. */
const modeArgs: Record<GrepOutputMode, string[]> = {
  files_with_matches: ['--files-with-matches', '--null'],
  count: ['--count', '--with-filename', '--null'],
  content: ['--line-number', '--with-filename', '--no-heading', '--null', '--max-columns=500', '--max-columns-preview', '--sort=path'],
};

function buildArgs(args: GrepArgs, mode: GrepOutputMode, target: string): string[] {
  const rgArgs = [...modeArgs[mode]];
  if (args.case_insensitive) rgArgs.push('--ignore-case');
  if (mode === 'content' && args.context !== undefined && args.context > 0) rgArgs.push('--context', String(args.context));
  if (args.glob) rgArgs.push('--glob', args.glob);
  if (args.type) rgArgs.push('--type', args.type);
  rgArgs.push('--regexp', args.pattern, '--', target);
  return rgArgs;
}

/** One output line: the file it belongs to (none for a context break `--`) and the text after the path. */
interface GrepLine {
  file?: string;
  rest: string;
}

function parseLines(stdout: string): GrepLine[] {
  return stdout
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => {
      const nul = line.indexOf('\0');
      return nul === -1 ? { rest: line } : { file: line.slice(0, nul), rest: line.slice(nul + 1) };
    });
}

/** Context breaks left at the edges or doubled after filtering carry no information. */
function tidyBreaks(lines: GrepLine[]): GrepLine[] {
  return lines.filter((line, i) => line.file !== undefined || (i > 0 && i < lines.length - 1 && lines[i - 1].file !== undefined));
}

/**
 * A --glob or --type match overrides ripgrep's ignore rules, so with either filter the results are
 * checked against the plain listing, keeping .gitignore'd and hidden files out as in every other search.
 */
async function visibleFiles(args: GrepArgs, target: string, cwd: string, signal: AbortSignal): Promise<Set<string> | undefined> {
  if (!args.glob && !args.type) return undefined;
  const listed = await runRipgrep(['--files', '--null', '--', target], cwd, signal);
  return new Set(listed.stdout.split('\0').filter((f) => f !== ''));
}

/** "in ." would end the sentence in "..": the working folder gets words instead. */
function noMatches(pattern: string, display: string) {
  return textResult(`No matches for \`${pattern}\` in ${display === '.' ? 'the working folder' : display}.`);
}

export const grepTool = defineTool<GrepArgs>({
  name: 'grep',
  prepare: prepareExeca,
  description:
    'Search file contents with ripgrep (Rust regex: escape literal braces and parens, e.g. "fn\\("), honouring .gitignore. output_mode: ' +
    'files_with_matches (default, newest first), content (matching lines numbered, with context lines around) or count. ' +
    'At most head_limit lines (default 200).',
  inputSchema: {
    type: 'object',
    properties: {
      pattern: { type: 'string', minLength: 1 },
      path: { type: 'string', description: 'File or folder' },
      glob: { type: 'string', description: 'Only files matching it, e.g. "*.ts"' },
      type: { type: 'string', description: 'ripgrep file type, e.g. py' },
      output_mode: { type: 'string', enum: ['content', 'files_with_matches', 'count'] },
      case_insensitive: { type: 'boolean' },
      context: { type: 'integer', minimum: 0, maximum: 50 },
      head_limit: { type: 'integer', minimum: 1 },
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
    const { real, display } = resolved.path;
    if (!(await statIfExists(real))) return adviceError(`${display} does not exist; give an existing file or folder as path.`);

    const mode = args.output_mode ?? 'files_with_matches';
    const cwd = await realpathNearest(ctx.cwd);
    const target = displayPath(real, cwd);
    const result = await runRipgrep(buildArgs(args, mode, target), cwd, ctx.signal);
    if (result.exitCode === 1) return noMatches(args.pattern, display);
    if (result.exitCode !== 0 && result.stdout === '') {
      const detail = ripgrepError(result.stderr);
      if (/regex parse error|error parsing regex/i.test(result.stderr)) {
        return errorResult(`Invalid regex \`${args.pattern}\`:\n${detail}\nFix the pattern, escaping special characters like ( [ { with a backslash.`);
      }
      return errorResult(`grep failed: ${detail || `ripgrep exited with code ${String(result.exitCode)}`}`);
    }

    const listed = await visibleFiles(args, target, cwd, ctx.signal);
    // What read_file would refuse or ask about stays out of a search, with a note saying how much did.
    const matched = mode === 'files_with_matches'
      ? result.stdout.split('\0').filter((f) => f !== '')
      : [...new Set(parseLines(result.stdout).flatMap((l) => (l.file === undefined ? [] : [l.file])))];
    const { kept, note } = withoutRefused(matched, (f) => path.resolve(cwd, f), ctx.state);
    const allowed = new Set(kept);
    const visible = { has: (f: string) => allowed.has(f) && (!listed || listed.has(f)) };
    const shownPath = (file: string): string => displayPath(path.resolve(cwd, file), cwd);
    let lines: string[];
    let header = '';
    if (mode === 'files_with_matches') {
      const files = matched.filter((f) => visible.has(f));
      lines = (await sortNewestFirst(files.map((f) => path.resolve(cwd, f)))).map((f) => displayPath(f, cwd));
      header = `${lines.length} ${lines.length === 1 ? 'file' : 'files'} match`;
    } else {
      const parsed = tidyBreaks(parseLines(result.stdout).filter((line) => line.file === undefined || visible.has(line.file)));
      if (mode === 'count') {
        lines = parsed.filter((l) => l.file !== undefined).map((l) => `${shownPath(l.file ?? '')}:${l.rest}`).sort();
        const total = parsed.reduce((sum, line) => sum + (Number(line.rest) || 0), 0);
        header = `${total} matches in ${lines.length} ${lines.length === 1 ? 'file' : 'files'}`;
      } else {
        // A context line reads `path-12-text`, a match `path:12:text`, as ripgrep prints them without --null.
        lines = parsed.map((l) => (l.file === undefined ? l.rest : `${shownPath(l.file)}${/^\d+-/.test(l.rest) ? '-' : ':'}${l.rest}`));
      }
    }
    if (lines.length === 0) return note ? textResult(`No matches for \`${args.pattern}\` that may be shown. ${note}`) : noMatches(args.pattern, display);

    const limit = args.head_limit ?? defaultHeadLimit;
    const shown = lines.slice(0, limit);
    if (lines.length > limit) {
      shown.push(`[… ${formatInt(lines.length - limit)} more lines; narrow the search or raise head_limit]`);
    }
    if (note) shown.push(note);
    if (result.exitCode === 2) shown.push(`(some files could not be searched: ${ripgrepError(result.stderr).split('\n')[0]})`);
    const body = header ? `${header}\n${shown.join('\n')}` : shown.join('\n');
    return textResult(body, false, header || `${lines.length} matching lines`);
  },
});
