// Makes demo/fix-add.jsonl: rein fixing the fixture's failing test against the local mock server (no provider,
// no key). Run with `npx tsx demo/record.ts` after `npm run build`; play it with `npm start -- --replay demo/fix-add.jsonl`.
// It is recorded in ask mode, as the replay runs in the TUI (the mode is part of the prompt); the steps the
// replay asks about are allowed here by rule, since a headless run cannot ask. The header then names the fixture
// folder, so a replay runs in a fresh copy of it. HOME is an empty folder too, so no file of the recording machine
// (instructions in ~/.claude) gets into the prompt.
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { startMockLlmServer } from '../__tests__/support/mockLlmServer.js';

const out = resolve('demo/fix-add.jsonl');
const work = realpathSync(mkdtempSync(join(tmpdir(), 'rein-demo-')));
const home = mkdtempSync(join(tmpdir(), 'rein-demo-home-'));
cpSync(resolve('demo/fixture'), work, { recursive: true });
// A steady, readable pace: about 60 characters a second of streamed text.
const pace = { chunkDelayMs: 60, chunkSize: 4 };
const server = await startMockLlmServer({ turns: [
  { ...pace, text: "I'll run the tests first to see what fails.", toolCalls: [{ name: 'bash', input: { command: 'node test.js' } }] },
  { ...pace, text: 'add(2, 3) gives the wrong result. Let me read the code.', toolCalls: [{ name: 'read_file', input: { path: 'math.js' } }] },
  { ...pace, text: '`add` subtracts instead of adding. Fixing it:', toolCalls: [{ name: 'edit_file', input: { path: 'math.js', old_string: 'return a - b;', new_string: 'return a + b;' } }] },
  { ...pace, toolCalls: [{ name: 'bash', input: { command: 'node test.js' } }] },
  { ...pace, text: 'Fixed. `add` in `math.js` returned `a - b`; it now returns `a + b`, and `node test.js` passes.' },
] });
try {
  const run = await execa('node', [resolve('dist/cli.js'), '-p', 'The test fails. Find the bug and fix it.', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'demo-model', '--record', out,
    '--permission-mode', 'ask', '--allowedTools', 'Bash(node test.js)', '--allowedTools', 'Edit'], {
    cwd: work, env: { HOME: home, REIN_HOME: home, OPENAI_API_KEY: 'demo' }, reject: false,
  });
  const [header, ...rest] = readFileSync(out, 'utf8').split('\n');
  writeFileSync(out, [JSON.stringify({ ...JSON.parse(header), fixture: 'fixture' }), ...rest].join('\n'));
  process.stdout.write(`${run.stdout}\nexit ${run.exitCode}; wrote ${out}\n`);
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
