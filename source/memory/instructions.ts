// Finds the instruction files (AGENTS.md, CLAUDE.md, CLAUDE.local.md and their @imports) from the user's own down to
// cwd's and fits them in a token budget.
import { readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withImports, type ImportCheck, type ImportContext } from './instructionImports.js';
import { findGitRoot } from './projectKey.js';

export interface InstructionFile {
  path: string;
  /** The text that made it into the prompt ('' when the budget left no room for any of it). */
  text: string;
  truncated: boolean;
}

export interface DiscoverInstructionsOptions {
  cwd: string;
  /** $REIN_HOME; its AGENTS.md holds the user's own instructions for every project. */
  reinHome: string;
  /** The user's home, for ~/.claude/CLAUDE.md and `~/` imports. */
  home?: string;
  budgetTokens: number;
  countTokens: (text: string) => number;
  /** Read rules for @imports (workspace, protected paths, deny rules); every import is read when unset. */
  checkImport?: ImportCheck;
}

/** The names read in each folder, in this order (CLAUDE.local.md holds a person's own, unshared, instructions). */
const instructionFileNames = ['AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md'] as const;

const sectionSeparator = '\n\n';

/** The folders from the git root (or cwd alone outside git) down to cwd, root first. */
function foldersRootToCwd(cwd: string): string[] {
  const end = path.resolve(cwd);
  const root = findGitRoot(end) ?? end;
  const folders = [end];
  for (let dir = end; dir !== root; ) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    folders.unshift(parent);
    dir = parent;
  }
  return folders;
}

interface FoundFile {
  path: string;
  text: string;
}

/**
 * Reads each candidate once (AGENTS.md is often a symlink to CLAUDE.md, or CLAUDE.md imports it), with its imports;
 * missing, empty and unreadable files are skipped.
 */
function readCandidates(candidates: string[], userFiles: number, ctx: ImportContext): FoundFile[] {
  const seen = ctx.seen;
  const found: FoundFile[] = [];
  for (const [index, file] of candidates.entries()) {
    let text: string;
    let real: string;
    try {
      real = realpathSync(file);
      // An instruction file that is a link elsewhere is judged like an import of where it leads.
      const refusal = real === file ? undefined : ctx.check?.(real, index < userFiles);
      if (refusal) {
        if (refusal.needsTrust) ctx.untrusted.push({ file, import: file, realPath: real });
        ctx.warnings.push(`${file} was not read: it links to ${real}, ${refusal.reason}.`);
        continue;
      }
      text = readFileSync(real, 'utf8');
    } catch {
      continue;
    }
    if (seen.has(real) || text.trim() === '') continue;
    seen.add(real);
    found.push({ path: file, text: withImports(text.trim(), file, ctx, index < userFiles) });
  }
  return found;
}

const header = (file: string): string => `## ${file}\n`;

const cutNote = (budgetTokens: number, file: string): string =>
  `[… cut to fit the instruction budget of ${budgetTokens} tokens; read the whole file at ${file}]`;

/** The longest start of `text` (ending at a line break when there is one) whose section costs at most `room` tokens. */
function fitSection(
  file: FoundFile,
  room: number,
  budgetTokens: number,
  countTokens: (text: string) => number,
): { section: string; body: string } | undefined {
  const note = cutNote(budgetTokens, file.path);
  const section = (body: string): string => `${header(file.path)}${body ? `${body}\n` : ''}${note}`;
  const cost = (body: string): number => countTokens(section(body) + sectionSeparator);
  if (cost('') > room) return undefined;
  // Binary search on the character count: token counts grow with the prefix length.
  let low = 0;
  let high = file.text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (cost(file.text.slice(0, mid)) <= room) low = mid;
    else high = mid - 1;
  }
  let body = file.text.slice(0, low);
  // Prefer ending at a whole line, unless the cut already falls at a line's end.
  const lastBreak = body.lastIndexOf('\n');
  if (lastBreak > 0 && file.text[low] !== '\n') body = body.slice(0, lastBreak);
  body = body.trimEnd();
  return { section: section(body), body };
}

/**
 * Assembles the instruction section: ~/.claude/CLAUDE.md and $REIN_HOME/AGENTS.md first, then root → cwd, so the nearest file comes last.
 * When they do not all fit, the farthest files are cut first and the nearest kept whole as long as possible.
 */
export function discoverInstructions(opts: DiscoverInstructionsOptions): { files: InstructionFile[]; text: string; warnings: string[]; untrustedImports: ImportContext['untrusted'] } {
  const home = opts.home ?? os.homedir();
  // The user's own instructions first: Claude Code's, then rein's.
  const candidates = [path.join(home, '.claude', 'CLAUDE.md'), path.join(path.resolve(opts.reinHome), 'AGENTS.md')];
  const userFiles = candidates.length;
  for (const folder of foldersRootToCwd(opts.cwd)) {
    for (const name of instructionFileNames) candidates.push(path.join(folder, name));
  }
  const ctx: ImportContext = { home, seen: new Set(), warnings: [], check: opts.checkImport, untrusted: [] };
  const found = readCandidates(candidates, userFiles, ctx);

  let room = opts.budgetTokens;
  const sections: (string | undefined)[] = new Array<string | undefined>(found.length).fill(undefined);
  const files: InstructionFile[] = found.map((file) => ({ path: file.path, text: '', truncated: true }));
  for (let i = found.length - 1; i >= 0; i--) {
    const file = found[i];
    const whole = `${header(file.path)}${file.text}`;
    const wholeCost = opts.countTokens(whole + sectionSeparator);
    if (wholeCost <= room) {
      sections[i] = whole;
      files[i] = { path: file.path, text: file.text, truncated: false };
      room -= wholeCost;
      continue;
    }
    // This file is cut; every farther one is left out, so a far file never wins over a nearer one.
    const cut = fitSection(file, room, opts.budgetTokens, opts.countTokens);
    if (cut) {
      sections[i] = cut.section;
      files[i] = { path: file.path, text: cut.body, truncated: true };
    }
    break;
  }
  return { warnings: ctx.warnings, untrustedImports: ctx.untrusted, files, text: sections.filter((s): s is string => s !== undefined).join(sectionSeparator) };
}
