import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSecrets, redactSecrets, resetSecrets } from '../../source/util/redact.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { BackgroundTasks } from '../../source/tools/background.js';
import { truncateToolOutput } from '../../source/tools/truncate.js';

const env = { MY_API_KEY: 'hunter2-very-secret', GITHUB_TOKEN: 'tok-1234567', DB_PASSWORD: 'pa"ss\\word', AWS_SECRET: 'aws-secret-value', HOME_DIR: 'visible-value' };
const leaked = ['hunter2-very-secret', 'tok-1234567', 'pa"ss\\word', 'aws-secret-value', 'configured-key-123456', 'sk-ant-api03-abcdefghijklmnop', 'sk-proj-abcdefghijklmnopqrst', 'ghp_abcdefghijklmnopqrstuvwxyz0123', 'AKIAABCDEFGHIJKLMNOP'];
const text = `keys: ${leaked.join(' ')} and visible-value`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rein-redact-'));
  resetSecrets(env);
  addSecrets('configured-key-123456');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
afterAll(() => resetSecrets());

const expectClean = (written: string) => {
  for (const secret of leaked) expect(written).not.toContain(secret);
  expect(written).not.toContain(JSON.stringify('pa"ss\\word').slice(1, -1));
  expect(written).toContain('[redacted]');
  expect(written).toContain('visible-value');
};

describe('secrets never reach the disk', () => {
  it('redacts keys, secret environment values and token shapes', () => {
    expectClean(redactSecrets(text));
    expect(redactSecrets('short sk-1 and ok')).toBe('short sk-1 and ok');
  });

  it('in the session log', () => {
    const log = SessionLog.create({ sessionsDir: dir, meta: { sessionId: 's1', cwd: dir, provider: 'p', model: 'm', startedAt: 'now' } });
    log.append({ kind: 'event', event: { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: text } });
    expectClean(readFileSync(log.file, 'utf8'));
  });

  it('in saved tool outputs', async () => {
    const long = `${text}\n${'filler line\n'.repeat(2000)}`;
    const result = await truncateToolOutput(long, { sessionDir: dir, toolCallId: 'c1' });
    expect(result.savedPath).toBeDefined();
    expectClean(readFileSync(result.savedPath as string, 'utf8'));
  });

  it('in saved background output', async () => {
    const outputDir = join(dir, 'outputs');
    const tasks = new BackgroundTasks({ outputDir });
    tasks.start(`printf '%s\\n' '${text.replace(/'/g, `'\\''`)}'`, dir);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(tasks.list()[0]?.status !== 'running' && readdirSync(dir).includes('outputs'))) await new Promise((r) => setTimeout(r, 20));
    const [file] = readdirSync(outputDir);
    expectClean(readFileSync(join(outputDir, file), 'utf8'));
  });
});
