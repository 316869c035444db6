// The contract docs/ci.md promises runners, read from its tables and held against the built CLI and the mock server:
// each documented exit code for what it says, the documented JSON fields present, nothing on stdout before a run.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { anthropicArgs, runRein, scratch, type Scratch } from '../support/headlessRun.js';

const doc = readFileSync('docs/ci.md', 'utf8');
const contract = doc.slice(doc.indexOf('## The contract'), doc.indexOf('\n## ', doc.indexOf('## The contract') + 1));

/** The rows of the markdown table that follows `heading`'s paragraph: first column's code spans, per row. */
function firstColumn(after: string): string[][] {
  const table = contract.slice(contract.indexOf(after)).split('\n\n').find((block) => block.trimStart().startsWith('|'))!;
  return table.trim().split('\n').slice(2).map((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

let server: MockLlmServer;
let s: Scratch;
beforeEach(async () => {
  server = await startMockLlmServer();
  s = scratch();
});
afterEach(async () => {
  await server.close();
  s.remove();
});

describe('rein -p as docs/ci.md documents it for runners', () => {
  it('documents exit codes 0, 1 and 2, and the fields a runner needs', () => {
    expect(firstColumn('[Exit codes]').flat()).toEqual(['0', '1', '2']);
    expect(firstColumn('| field | use |').flat()).toEqual(expect.arrayContaining(['is_error', 'subtype', 'result', 'error', 'session_id', 'permission_denials']));
  });

  it('exits 0 with one JSON object holding every documented field of a successful run', async () => {
    server.push({ text: 'The notes say hello.' });
    const run = await runRein(s, ['-p', 'what do the notes say?', '--output-format', 'json', ...anthropicArgs(server)]);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    const documented = firstColumn('| field | use |').flat().filter((field) => !['error', 'errors'].includes(field));
    for (const field of documented) expect(result, field).toHaveProperty(field);
    expect(result).toMatchObject({ is_error: false, subtype: 'success', result: 'The notes say hello.' });
  });

  it('exits 1 when the run ends in an error, with the error in the JSON', async () => {
    server.push({ fault: { kind: 'status', status: 400, message: 'the request was malformed' } });
    const run = await runRein(s, ['-p', 'hi', '--output-format', 'json', ...anthropicArgs(server)]);
    expect(run.exitCode).toBe(1);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result.is_error).toBe(true);
    expect(result.error).toContain('the request was malformed');
    // A failed model call ends as Claude Code's does: subtype success, the error as result, its HTTP status.
    expect(result).toMatchObject({ subtype: 'success', api_error_status: 400 });
  });

  it('exits 2 with empty stdout and one sentence on stderr for bad usage, calling no model', async () => {
    const run = await runRein(s, ['-p', 'hi', '--output-format', 'json', '--permission-mode', 'sometimes', ...anthropicArgs(server)]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^rein: /);
    const noKey = await runRein(s, ['-p', 'hi', '--output-format', 'json', ...anthropicArgs(server)], { env: { ANTHROPIC_API_KEY: '' } });
    expect(noKey.exitCode).toBe(2);
    expect(noKey.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });
});
