// `@path` imports inside AGENTS.md and CLAUDE.md, read as Claude Code reads them: relative to the importing file,
// `~/` for home, at most 5 levels deep, never inside code, each file once (which also stops cycles).
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { findMentions } from '../util/mentions.js';

const maxImportDepth = 5;

/** Why an import is not read: a read rule refuses it, or it lies outside the project and the project is not trusted. */
export interface ImportRefusal {
  reason: string;
  /** True when trusting the project would let it be read. */
  needsTrust?: boolean;
}

/** Judges an import's real path; `fromUserFile` when it comes (directly or not) from the user's own instruction file. */
export type ImportCheck = (realPath: string, fromUserFile: boolean) => ImportRefusal | undefined;

export interface ImportContext {
  home: string;
  /** Real paths already in the instructions: shared by every file of one assembly. */
  seen: Set<string>;
  warnings: string[];
  check?: ImportCheck;
  /** Imports left out until the project is trusted. */
  untrusted: { file: string; import: string; realPath: string }[];
}

function resolveImport(given: string, from: string, home: string): string {
  if (given.startsWith('~/')) return path.join(home, given.slice(2));
  return path.resolve(path.dirname(from), given);
}

/**
 * `text` (the contents of `file`) followed by the files it imports, each under a heading naming it, depth first.
 * An import that cannot be read is named in a warning and left as it is written.
 */
export function withImports(text: string, file: string, ctx: ImportContext, fromUserFile: boolean, depth = 0): string {
  const parts = [text];
  for (const mention of findMentions(text)) {
    const target = resolveImport(mention.path, file, ctx.home);
    let real: string;
    let imported: string;
    try {
      real = realpathSync(target);
      const refusal = ctx.check?.(real, fromUserFile);
      if (refusal) {
        if (refusal.needsTrust) ctx.untrusted.push({ file, import: mention.path, realPath: real });
        ctx.warnings.push(`The import @${mention.path} in ${file} was not read: ${refusal.reason}.`);
        continue;
      }
      imported = readFileSync(real, 'utf8').trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      ctx.warnings.push(`The import @${mention.path} in ${file} could not be read (${code}); fix the path, or put it in backticks if it is not an import.`);
      continue;
    }
    if (ctx.seen.has(real)) continue;
    if (depth + 1 > maxImportDepth) {
      ctx.warnings.push(`The import @${mention.path} in ${file} was not read: imports go at most ${maxImportDepth} levels deep.`);
      continue;
    }
    ctx.seen.add(real);
    if (imported === '') continue;
    parts.push(`### @${mention.path} (${target})\n${withImports(imported, target, ctx, fromUserFile, depth + 1)}`);
  }
  return parts.join('\n\n');
}
