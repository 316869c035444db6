// Builds the library entry (`import { query, createSession } from 'rein'`): dist/sdk.mjs, one bundle of its own so the
// CLI's chunks stay as they are, and its types, dist/sdk.d.mts with the declaration files it reaches under dist/types/.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Bundles source/sdk/index.ts with the CLI's settings; the full-screen UI (React, Ink) must stay out of it. */
export async function buildSdkBundle(shared) {
  const built = await build({
    ...shared,
    entryPoints: { sdk: 'source/sdk/index.ts' },
    outdir: 'dist',
    // .mjs: dist/package.json makes every .js there CommonJS (the CLI's entry).
    outExtension: { '.js': '.mjs' },
    splitting: false,
    metafile: true,
  });
  const ui = Object.keys(built.metafile.inputs).filter((file) => /(^|\/)node_modules\/(ink|react)\/|^components\//.test(file));
  if (ui.length > 0) throw new Error(`The SDK bundle pulls in the UI (${ui.slice(0, 3).join(', ')}); it must not.`);
}

/**
 * Declarations file by file with TypeScript's isolated declaration emit, following the relative imports the emitted
 * declarations keep: only the public surface is written, and no whole-program type check runs in the build.
 */
export function emitSdkTypes(entry = 'source/sdk/index.ts', outDir = 'dist/types') {
  const queue = [resolve(entry)];
  const seen = new Set();
  const problems = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const out = ts.transpileDeclaration(readFileSync(file, 'utf8'), {
      fileName: file, reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2023, strict: true },
    });
    for (const d of out.diagnostics ?? []) problems.push(`${relative('.', file)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    const target = join(outDir, relative(resolve('source'), file).replace(/\.ts$/, '.d.ts'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out.outputText);
    for (const match of out.outputText.matchAll(/from\s+'(\.{1,2}\/[^']+)\.js'/g)) queue.push(resolve(dirname(file), `${match[1]}.ts`));
  }
  if (problems.length > 0) throw new Error(`The SDK's declarations need explicit types:\n${problems.join('\n')}`);
  const index = relative('dist', join(outDir, relative(resolve('source'), resolve(entry)))).replace(/\.ts$/, '.js');
  // The declarations stay ES modules beside a CommonJS dist/ (see buildSdkBundle).
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  writeFileSync('dist/sdk.d.mts', `export * from './${index}';\n`);
}
