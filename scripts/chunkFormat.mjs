// Turns the CLI's ES module chunks into CommonJS bodies (dist/*.cjs) that source/cli/chunkLoader.ts runs with a V8
// code cache: Node 20 keeps no compiled code between starts for ES modules, and vm.Script, which can, runs only
// scripts. esbuild writes the chunks (it splits only ES modules); each is then transformed on its own:
// * a static import of another chunk becomes require('./chunk-….cjs'), read as a live binding (a property of that
//   chunk's exports, as esbuild's CommonJS output reads every import);
// * import() becomes a require in a resolved promise; import.meta.url becomes the loader's __reinMeta.url (made when read);
// * the body runs in strict mode, as the ES module did;
// * each chunk's source map is composed with the transform's, so stack traces still map to rein's sources.
// A chunk with a top-level await cannot be a CommonJS body, so the build stops on one (bundleSwaps.mjs removes the
// ones Ink and Yoga have).
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Converts every `.js` chunk in `dir` to `.cjs` beside it; returns the new names by the old. */
export async function commonJsChunks(dir) {
  const chunks = readdirSync(dir).filter((name) => name.endsWith('.js'));
  const renamed = new Map(chunks.map((name) => [name, name.replace(/\.js$/, '.cjs')]));
  // A chunk names another only as a quoted "./name.js" in an import, an export or an import().
  const specifier = new RegExp(`(["'])\\./(${chunks.map(escape).join('|')})\\1`, 'g');
  for (const name of chunks) {
    const file = join(dir, name);
    const map = readFileSync(`${file}.map`);
    const text = readFileSync(file, 'utf8')
      .replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n')
      .replace(specifier, (_whole, quote, chunk) => `${quote}./${renamed.get(chunk)}${quote}`);
    let out;
    try {
      out = await transform(`${text}//# sourceMappingURL=data:application/json;base64,${map.toString('base64')}\n`, {
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        supported: { 'dynamic-import': false },
        define: { 'import.meta.url': '__reinMeta.url' },
        banner: '"use strict";',
        minifyWhitespace: true,
        sourcemap: 'external',
        sourcefile: name,
        logLevel: 'silent',
      });
    } catch (error) {
      throw new Error(`${file}: the chunk cannot become CommonJS (${error.message.split('\n').slice(1, 3).join(' ')})`);
    }
    // A require declared inside the chunk would hide the loader's from the imports turned into require calls. The one
    // web-tree-sitter makes for itself (see bundleSwaps.mjs) is set before any code of its scope requires.
    const allowed = 'var require=(0,import_node_module.createRequire)(__reinMeta.url)';
    const ownRequire = /(?:\b(?:var|let|const|function)\s+require\b|[(,]require[,)=])/.exec(out.code.replaceAll(allowed, ''));
    if (ownRequire) throw new Error(`${file}: the chunk declares a require of its own (${out.code.slice(Math.max(0, ownRequire.index - 60), ownRequire.index + 40)}), which would hide the loader's; swap it in bundleSwaps.mjs.`);
    // A chunk's exports object is its own, not a copy of getters over its getters: one call fewer on every use.
    // esbuild writes that line first after its helpers (whose names it changes where the chunk has its own).
    const exportsLine = /module\.exports=__toCommonJS\d*\((\w+_exports)\);/;
    const at = out.code.search(exportsLine);
    if (at > out.code.indexOf('require(') && out.code.includes('require(')) throw new Error(`${file}: the chunk's exports are not where chunkFormat.mjs expects; look at it again.`);
    const code = out.code.replace(exportsLine, (_whole, exports) => `module.exports=Object.defineProperty(${exports},"__esModule",{value:true});`);
    const newName = renamed.get(name);
    writeFileSync(join(dir, newName), `${code}//# sourceMappingURL=${newName}.map\n`);
    writeFileSync(join(dir, `${newName}.map`), out.map);
    rmSync(file);
    rmSync(`${file}.map`);
  }
  return renamed;
}
