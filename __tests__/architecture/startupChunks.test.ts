// What a start loads before its first frame (or its first request): the chunks cli.js, the main module and the
// TUI import statically. Modules few sessions need are loaded when they are needed instead: execa (commands, the
// external editor), yaml (frontmatter) and the bash analysis (the first command's judgement, with the grammar) must
// not be among them, nor, on the way to the first request, the Node modules only a command or a web fetch needs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = resolve('dist');
const read = (file: string): string => readFileSync(join(dist, file), 'utf8');

/**
 * What a built file loads as it runs, in order of appearance: cli.js's ES import statements (`import{a}from"x"`,
 * `import b,{c}from"x"`, `import*as d from"x"`, `import"x"`) and, in the CommonJS chunks (scripts/chunkFormat.mjs),
 * the requires their imports became (`var a=require("x")`, `var b=__toESM(require("x"))`, `require("x");`). Not
 * what they load later: an import() became `Promise.resolve().then(()=>…require("x"))`, a bundled package's own
 * require is `__require("x")`.
 */
function staticLoads(source: string): string[] {
  const imports = /(?:^|[;}\n])import\s*(?:(?:\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+)\s*(?:,\s*\{[^}]*\})?\s*from\s*)?"([^"\s]+)"/g;
  const requires = /(?:^|[;{}\n])(?:var [\w$]+=(?:__toESM\d*\()?)?require\("([^"\s]+)"\)/g;
  return [...source.matchAll(imports), ...source.matchAll(requires)].map((match) => match[1]);
}

/** The chunks a built file loads as it runs (see staticLoads). */
const staticImports = (source: string): string[] => staticLoads(source).filter((name) => name.startsWith('./')).map((name) => name.slice(2));

/** The Node modules a built file loads as it runs. */
const builtinsOf = (source: string): string[] => staticLoads(source).filter((name) => name.startsWith('node:'));

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
  const found = readdirSync(dist).find((file) => file.startsWith(prefix) && file.endsWith('.cjs'));
  if (!found) throw new Error(`No ${prefix}*.cjs in dist: run npm run build.`);
  return found;
};

// Strings of each package's own code, found wherever that code is bundled.
const markers = {
  execa: 'forceKillAfterDelay', yaml: 'Implicit keys need to be on a single line', 'the bash analysis': 'function expandShell(',
  // fzf builds a table of 5,800 accented letters as it loads: it comes with the first `@`.
  fzf: 'function normalizeRune(',
};

describe('the chunks a start loads', () => {
  it('reads static imports and requires and leaves dynamic ones', () => {
    expect(staticImports('import{a as b}from"./one.js";import"./two.js";const c=import("./three.js");')).toEqual(['one.js', 'two.js']);
    expect(staticLoads('"use strict";\nvar import_one=require("./one.cjs");require("./two.cjs");var ns=__toESM2(require("node:fs"));' +
      'const c=()=>Promise.resolve().then(()=>__toESM(require("./three.cjs")));var d=__require("node:tty");')).toEqual(['./one.cjs', './two.cjs', 'node:fs']);
  });

  it('hold neither execa, yaml, the bash analysis nor fzf, which load when a command, an editor, a frontmatter or an @ needs them', () => {
    const loaded = new Set([...closure('cli.js'), ...closure('main.cjs'), ...closure(entry('tui-'))]);
    expect(loaded.has('cli.js')).toBe(true);
    expect(loaded.size).toBeGreaterThan(5);
    for (const [name, marker] of Object.entries(markers)) {
      expect([...loaded].filter((file) => read(file).includes(marker)), name).toEqual([]);
      // The marker is really the package's: some chunk that is not loaded at start holds it.
      expect(readdirSync(dist).some((file) => /\.c?js$/.test(file) && read(file).includes(marker)), name).toBe(true);
    }
  });

  it('import neither node:https (with TLS), DNS, child_process, readline, fs/promises nor tty before main runs: what needs them loads them', () => {
    const loaded = new Set([...closure('cli.js'), ...closure('main.cjs')]);
    const builtins = new Set([...loaded].flatMap((file) => builtinsOf(read(file))));
    expect(builtins.has('node:fs')).toBe(true);
    // readline (stream-json input, a page of a file) and fs/promises (checkpoints) cost about 2 ms each to load, tty
    // (/doctor's colour check; the TUI's own import brings it there) about 1 ms.
    const later = ['node:https', 'node:http', 'node:tls', 'node:dns', 'node:net', 'node:child_process', 'node:readline', 'node:fs/promises', 'node:tty'];
    for (const name of later) expect(builtins.has(name), name).toBe(false);
  });

  it('import no package from node_modules: each costs a package lookup and a CommonJS load (ripgrep loads on first use)', () => {
    const loaded = new Set([...closure('cli.js'), ...closure('main.cjs'), ...closure(entry('tui-'))]);
    const imported = [...loaded].flatMap((file) => staticLoads(read(file)));
    expect(imported).toContain('node:fs');
    expect(imported.filter((name) => !name.startsWith('node:') && !name.startsWith('./'))).toEqual([]);
  });

  it('are ASCII only: one character beyond it makes V8 hold and scan the whole chunk as two-byte text', () => {
    const loaded = new Set([...closure('cli.js'), ...closure('main.cjs'), ...closure(entry('tui-'))]);
    expect([...loaded].filter((file) => /[^\x00-\x7f]/.test(read(file)))).toEqual([]);
  });

  it('import no child_process before the first frame either: Ink\'s terminal-size loads it only for its last resorts', () => {
    const loaded = new Set([...closure('cli.js'), ...closure('main.cjs'), ...closure(entry('tui-'))]);
    const builtins = new Set([...loaded].flatMap((file) => builtinsOf(read(file))));
    expect(builtins.has('node:tty')).toBe(true);
    expect(builtins.has('node:child_process')).toBe(false);
  });
});
