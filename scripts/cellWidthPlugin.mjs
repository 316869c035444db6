// Ink, wrap-ansi and cli-truncate measure text with string-width; in the bundle they get
// components/lines/cellWidth.ts, which answers the same without string-width's slow path for text of
// one-cell characters. Other copies of string-width (older majors under other packages) are left alone.
import { resolve } from 'node:path';

const cellWidthFile = resolve('components/lines/cellWidth.ts');
const stringWidthFile = resolve('node_modules/string-width/index.js');

export const cellWidthPlugin = {
  name: 'cell-width',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.importer === cellWidthFile || args.pluginData === 'cell-width') return undefined;
      const real = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'cell-width' });
      return real.errors.length === 0 && real.path === stringWidthFile ? { path: cellWidthFile } : real;
    });
  },
};
