// The terminal-size that Ink gets in the bundle (components/screen/terminalSize.ts) against the real module: the
// same answer whatever the process has (a terminal on stdout or stderr, COLUMNS and LINES, or neither).
import { afterEach, describe, expect, it } from 'vitest';
import realTerminalSize from 'terminal-size';
import terminalSize from '../../components/screen/terminalSize.js';

const saved = { env: { ...process.env }, stdout: Object.getOwnPropertyDescriptors(process.stdout), stderr: Object.getOwnPropertyDescriptors(process.stderr) };

function size(stream: NodeJS.WriteStream, columns: number | undefined, rows: number | undefined): void {
  Object.defineProperty(stream, 'columns', { value: columns, configurable: true, writable: true });
  Object.defineProperty(stream, 'rows', { value: rows, configurable: true, writable: true });
}

afterEach(() => {
  process.env = { ...saved.env };
  for (const [stream, descriptors] of [[process.stdout, saved.stdout], [process.stderr, saved.stderr]] as const) {
    for (const key of ['columns', 'rows'] as const) {
      if (descriptors[key]) Object.defineProperty(stream, key, descriptors[key]);
      else delete (stream as unknown as Record<string, unknown>)[key];
    }
  }
});

describe('terminalSize', () => {
  it.each([
    ['a terminal on stdout', () => size(process.stdout, 132, 43)],
    ['a terminal on stderr only', () => { size(process.stdout, undefined, undefined); size(process.stderr, 61, 19); }],
    ['a width on stdout but no height', () => { size(process.stdout, 100, undefined); size(process.stderr, 70, 20); }],
    ['COLUMNS and LINES only', () => { size(process.stdout, undefined, undefined); size(process.stderr, undefined, undefined); process.env.COLUMNS = '90'; process.env.LINES = '30'; }],
    ['nothing: the last resorts, then 80×24', () => { size(process.stdout, undefined, undefined); size(process.stderr, undefined, undefined); delete process.env.COLUMNS; delete process.env.LINES; }],
  ])('%s', (_name, arrange) => {
    arrange();
    expect(terminalSize()).toEqual(realTerminalSize());
  });

  it('reads the terminal first, as the real module does', () => {
    size(process.stdout, 132, 43);
    process.env.COLUMNS = '90';
    process.env.LINES = '30';
    expect(terminalSize()).toEqual({ columns: 132, rows: 43 });
  });
});
