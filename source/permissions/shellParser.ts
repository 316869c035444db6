// Loads the bash grammar (tree-sitter-bash on web-tree-sitter) once, on first use, and parses commands with it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node as SyntaxNode, Parser as TreeSitterParser } from 'web-tree-sitter';

export type { SyntaxNode };

let parser: TreeSitterParser | undefined;
let loading: Promise<TreeSitterParser> | undefined;

/** A wasm file: next to the bundle (the build copies them into dist/), else inside its package. */
function wasmPath(file: string, packagePath: string): string {
  const beside = join(dirname(fileURLToPath(import.meta.url)), file);
  if (existsSync(beside)) return beside;
  return createRequire(import.meta.url).resolve(packagePath);
}

/** Resolves once the grammar is loaded; later calls return the same parser. */
export function loadShellParser(): Promise<TreeSitterParser> {
  if (parser) return Promise.resolve(parser);
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init({ locateFile: () => wasmPath('tree-sitter.wasm', 'web-tree-sitter/tree-sitter.wasm') });
    const bash = await Language.load(wasmPath('tree-sitter-bash.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm'));
    const created = new Parser();
    created.setLanguage(bash);
    // The first parse compiles the grammar's lexer (about 25 ms): done here, it is part of a load that can start
    // early (as a bash call begins to stream) instead of the first command's judgement.
    created.parse('true')?.delete();
    parser = created;
    return created;
  })();
  return loading;
}

/** True once the grammar has been asked for, loaded or still loading. */
export const shellParserRequested = (): boolean => loading !== undefined;

/** Parses `source` and hands the root to `use`; the tree is freed afterwards (wasm memory is not garbage collected). */
export function withSyntaxTree<T>(source: string, use: (root: SyntaxNode) => T): T {
  if (!parser) throw new Error('The shell parser is not loaded yet; await loadShellParser() first.');
  const tree = parser.parse(source);
  if (!tree) throw new Error('The shell parser returned no tree.');
  try {
    return use(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** True when the tree holds an error other than the `<>` operator, which the grammar lacks but bash has. */
export function hasSyntaxError(node: SyntaxNode): boolean {
  if (node.isMissing) return true;
  if (node.isError) return !(node.text === '>' && node.parent?.type === 'file_redirect' && node.previousSibling?.text === '<');
  if (!node.hasError) return false;
  return node.children.some((c) => c !== null && hasSyntaxError(c));
}
