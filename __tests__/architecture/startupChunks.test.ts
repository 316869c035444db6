// What a start loads before its first frame (or its first request): the chunks cli.js, the main module and the
// TUI import statically. Modules few sessions need are loaded when they are needed instead: execa (commands, the
// external editor), yaml (frontmatter) and the bash analysis (the first command's judgement, with the grammar) must
// not be among them, nor, on the way to the first request, the Node modules only a command or a web fetch needs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = resolve('dist');
const read = (file: string): string => readFileSync(join(dist, file), 'utf8');

/** The files a chunk imports statically (`import{…}from"./x.js"`, `import"./x.js"`), not those it import()s. */
function staticImports(source: string): string[] {
  return [...source.matchAll(/\bimport\s*(?:\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+)?\s*(?:from\s*)?"\.\/([^"]+)"/g)].map((match) => match[1]);
}

/** What each import statement of a chunk names: `import{a}from"x"`, `import b,{c}from"x"`, `import*as d from"x"`, `import"x"`. */
const importStatements = /(?:^|[;}\n])import\s*(?:(?:\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+)\s*(?:,\s*\{[^}]*\})?\s*from\s*)?"([^"\s]+)"/g;

function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(read(file)));
  }
  return seen;
}

const entry = (prefix: string): string => {
  const found = readdirSync(dist).find((file) => file.startsWith(prefix) && file.endsWith('.js'));
  if (!found) throw new Error(`No ${prefix}*.js in dist: run npm run build.`);
  return found;
};

// Strings of each package's own code, found wherever that code is bundled.
const markers = {
  execa: 'forceKillAfterDelay', yaml: 'Implicit keys need to be on a single line', 'the bash analysis': 'function expandShell(',
  // fzf builds a table of 5,800 accented letters as it loads: it comes with the first `@`.
  fzf: 'function normalizeRune(',
};

describe('the chunks a start loads', () => {
  it('reads static imports and leaves dynamic ones', () => {
    expect(staticImports('import{a as b}from"./one.js";import"./two.js";const c=import("./three.js");')).toEqual(['one.js', 'two.js']);
  });

  it('hold neither execa, yaml, the bash analysis nor fzf, which load when a command, an editor, a frontmatter or an @ needs them', () => {
    const loaded = new Set([...closure('cli.js'), ...closure(entry('main-')), ...closure(entry('tui-'))]);
    expect(loaded.has('cli.js')).toBe(true);
    expect(loaded.size).toBeGreaterThan(5);
    for (const [name, marker] of Object.entries(markers)) {
      expect([...loaded].filter((file) => read(file).includes(marker)), name).toEqual([]);
      // The marker is really the package's: some chunk that is not loaded at start holds it.
      expect(readdirSync(dist).some((file) => /\.(c?js)$/.test(file) && read(file).includes(marker)), name).toBe(true);
    }
  });

  it('import neither node:https (with TLS), DNS nor child_process before main runs: a web fetch or a command loads them', () => {
    const loaded = new Set([...closure('cli.js'), ...closure(entry('main-'))]);
    const builtins = new Set([...loaded].flatMap((file) => [...read(file).matchAll(/\b(?:from|import)\s*"(node:[\w/]+)"/g)].map((match) => match[1])));
    expect(builtins.has('node:fs')).toBe(true);
    for (const name of ['node:https', 'node:http', 'node:tls', 'node:dns', 'node:net', 'node:child_process']) expect(builtins.has(name), name).toBe(false);
  });

  it('import no package from node_modules: each costs a package lookup and a CommonJS load (ripgrep loads on first use)', () => {
    const loaded = new Set([...closure('cli.js'), ...closure(entry('main-')), ...closure(entry('tui-'))]);
    const imported = [...loaded].flatMap((file) => [...read(file).matchAll(importStatements)].map((match) => match[1]));
    expect(imported).toContain('node:fs');
    expect(imported.filter((name) => !name.startsWith('node:') && !name.startsWith('./'))).toEqual([]);
  });

  it('are ASCII only: one character beyond it makes V8 hold and scan the whole chunk as two-byte text', () => {
    const loaded = new Set([...closure('cli.js'), ...closure(entry('main-')), ...closure(entry('tui-'))]);
    expect([...loaded].filter((file) => /[^\x00-\x7f]/.test(read(file)))).toEqual([]);
  });

  it('import no child_process before the first frame either: Ink\'s terminal-size loads it only for its last resorts', () => {
    const loaded = new Set([...closure('cli.js'), ...closure(entry('main-')), ...closure(entry('tui-'))]);
    const builtins = new Set([...loaded].flatMap((file) => [...read(file).matchAll(/\b(?:from|import)\s*"(node:[\w/]+)"/g)].map((match) => match[1])));
    expect(builtins.has('node:tty')).toBe(true);
    expect(builtins.has('node:child_process')).toBe(false);
  });
});
