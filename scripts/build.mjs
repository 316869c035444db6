// Bundles the CLI with esbuild. Dependencies are bundled too (resolving hundreds of small modules at start-up
// costs more than the code itself); the TUI is split into its own chunk so headless runs never load React or Ink.
// The library entry (dist/sdk.js and its types) is built beside it by buildSdk.mjs.
import { build } from 'esbuild';
import { chmodSync, copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { swapPlugin, yogaWasmBytes } from './bundleSwaps.mjs';
import { buildSdkBundle, emitSdkTypes } from './buildSdk.mjs';
import { shareEsmWrappers } from './esmInterop.mjs';
import { commonJsChunks } from './chunkFormat.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// The node flags rein needs from the start (a helper-thread count cannot be changed later), in the shebang, so an
// installed `rein` runs with them as `npm start` does; env -S splits them into words (GNU coreutils 8.30+, macOS).
const nodeFlags = JSON.parse(readFileSync('scripts/node-flags.json', 'utf8'));
const shebang = nodeFlags.length > 0 ? `#!/usr/bin/env -S node ${nodeFlags.join(' ')}` : '#!/usr/bin/env node';

// Every chunk gets a require for the CommonJS code it bundles, made on first use: made at load, the URL-to-path
// work of each chunk runs before main() can tune the compiler, and gets optimized (with inlining) that early.
const lazyRequire = "import { createRequire as __reinCreateRequire } from 'node:module';\n" +
  'const require = (() => { let made; const get = () => (made ??= __reinCreateRequire(import.meta.url)); ' +
  'const lazy = (id) => get()(id); lazy.resolve = (id, options) => get().resolve(id, options); return lazy; })();';

/** What the CLI and the SDK bundles share. */
const shared = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // ripgrep finds its binary next to its own files; devtools is an optional Ink extra; the tokenizer's rank
  // table (2.3 MB) is required at run time only when exact counting is first needed.
  external: ['@vscode/ripgrep', 'react-devtools-core', 'js-tiktoken/ranks/*'],
  jsx: 'automatic',
  plugins: [swapPlugin],
  // jsonc-parser's `main` is a UMD build whose require() calls esbuild cannot follow; its ES build bundles.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  sourcemap: true,
  // Less source to parse at every start; names are kept so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  banner: { js: lazyRequire },
  // React's production build: the development build checks and warns on every render.
  define: { REIN_VERSION: JSON.stringify(pkg.version), 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' },
};

rmSync('dist', { recursive: true, force: true });
// rein itself, split into chunks (the TUI, the MCP server, each tool's heavier parts) that load when first used.
// esbuild splits only ES modules; the chunks then become CommonJS bodies that the entry loads with a code cache
// (chunkFormat.mjs), and get their require from that loader.
const built = await build({ ...shared, entryPoints: { main: 'source/cli/main.ts' }, outdir: 'dist', splitting: true, banner: {}, metafile: true });
// One CommonJS wrapper per module for all its importers (see esmInterop.mjs).
shareEsmWrappers('dist');
const mainChunk = Object.entries(built.metafile.outputs).find(([, output]) => output.entryPoint === 'source/cli/main.ts')[0].replace(/^dist\//, '');
const chunkNames = await commonJsChunks('dist');
// The entry: the V8 settings, then main's chunk through the loader. Its own import of main is for running from the
// sources, so the bundle leaves it out.
const leaveMain = { name: 'leave-main', setup: (b) => b.onResolve({ filter: /^\.\/main\.js$/ }, (args) => ({ path: args.path, external: true })) };
// A CommonJS script (dist/package.json says so for every .js in dist): Node starts one sooner than an ES module,
// whose loader it would first set up (about 10 ms and 2 MB here).
await build({
  ...shared,
  format: 'cjs',
  entryPoints: { cli: 'source/cli/entry.ts' },
  outdir: 'dist',
  plugins: [...shared.plugins, leaveMain],
  banner: { js: shebang },
  define: { ...shared.define, REIN_MAIN_CHUNK: JSON.stringify(chunkNames.get(mainChunk)) },
});
writeFileSync('dist/package.json', `${JSON.stringify({ type: 'commonjs' })}\n`);
chmodSync('dist/cli.js', 0o755);
await buildSdkBundle(shared);
emitSdkTypes();

// The bash grammar and its runtime are WebAssembly files the shell parser loads from beside the bundle.
copyFileSync('node_modules/web-tree-sitter/tree-sitter.wasm', 'dist/tree-sitter.wasm');
copyFileSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', 'dist/tree-sitter-bash.wasm');
// Yoga's WebAssembly, which its package ships only as base64 inside its loader (see bundleSwaps.mjs).
writeFileSync('dist/yoga.wasm', yogaWasmBytes());

// YAML for frontmatter as one file, required on the first file that has some (source/extensions/yaml.ts).
await build({ entryPoints: ['node_modules/yaml/dist/index.js'], bundle: true, format: 'cjs', platform: 'node', target: 'node20', minifyWhitespace: true, minifySyntax: true, outfile: 'dist/yaml.cjs', logLevel: 'warning' });

// The config validator, compiled now instead of at every start (source/config/validator.ts loads it).
const schemaBundle = await build({
  stdin: {
    contents: "export { configLayerSchema, validatorOptions } from './source/config/layerSchema.ts';",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true, format: 'esm', platform: 'node', packages: 'external', write: false, logLevel: 'warning',
});
const { configLayerSchema, validatorOptions } = await import(`data:text/javascript;base64,${Buffer.from(schemaBundle.outputFiles[0].text).toString('base64')}`);
// Its formats come from a file of their own, written beside it (source/config/urlFormat.ts).
await build({ entryPoints: ['source/config/urlFormat.ts'], bundle: true, format: 'cjs', platform: 'node', outfile: 'dist/config-formats.cjs', logLevel: 'warning' });
const { configFormats } = createRequire(import.meta.url)('../dist/config-formats.cjs');
const ajv = new Ajv({ ...validatorOptions, code: { source: true, formats: _`require("./config-formats.cjs").configFormats` } });
ajv.addFormat('uri', configFormats.uri);
/**
 * Writes Ajv's standalone code as one file with nothing left to require: resolving Ajv's runtime helpers through its
 * package's exports cost about 3 ms at every start.
 */
async function writeValidators(file, code) {
  await build({
    stdin: { contents: code, resolveDir: 'dist', sourcefile: `standalone-${file}`, loader: 'js' },
    bundle: true, format: 'cjs', platform: 'node', target: 'node20', minifyWhitespace: true, minifySyntax: true, outfile: `dist/${file}`, logLevel: 'warning',
  });
}
await writeValidators('config-validator.cjs', standaloneCode.default(ajv, ajv.compile(configLayerSchema)));

// The validators of the files a user writes (hooks, MCP entries, agent files), likewise (source/config/fileCheck.ts).
const fileSchemaBundle = await build({
  stdin: {
    contents: [
      "export { fileValidatorOptions } from './source/config/fileCheck.ts';",
      "export { hookSchemas } from './source/extensions/hookSchema.ts';",
      "export { mcpSchemas } from './source/mcp/serverSchema.ts';",
      "export { agentSchemas } from './source/agents/agentSchema.ts';",
    ].join('\n'),
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true, format: 'esm', platform: 'node', packages: 'external', write: false, logLevel: 'warning',
});
const fileSchemas = await import(`data:text/javascript;base64,${Buffer.from(fileSchemaBundle.outputFiles[0].text).toString('base64')}`);
const fileAjv = new Ajv({ ...fileSchemas.fileValidatorOptions, code: { source: true } });
const schemaIds = {};
for (const schema of [...fileSchemas.hookSchemas, ...fileSchemas.mcpSchemas, ...fileSchemas.agentSchemas]) {
  fileAjv.addSchema(schema);
  schemaIds[schema.$id] = schema.$id;
}
await writeValidators('file-validators.cjs', standaloneCode.default(fileAjv, schemaIds));
