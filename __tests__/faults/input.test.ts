// Fault suite, input faults: malformed config files of every kind, a 1 MB paste, a prompt with NUL and escapes.
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../source/config/index.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { cliPath } from '../support/tmux.js';
import { expectConsistent, expectRecovered, removeTempDirs, runCase, tempDir } from './support.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  removeTempDirs();
});

/** Each malformed project config: rein refuses it with one sentence naming the file and what is wrong. */
const configs: Array<{ name: string; write: (file: string) => void; says: RegExp }> = [
  { name: 'not JSON at all', write: (f) => fs.writeFileSync(f, 'model = "x"\n'), says: /is not valid JSON: .* at line 1, column \d+\.$/ },
  { name: 'cut off', write: (f) => fs.writeFileSync(f, '{ "model": "m"'), says: /is not valid JSON: Unexpected end of input/ },
  { name: 'blank lines only', write: (f) => fs.writeFileSync(f, ' \n\n'), says: /agent\.config\.json/ },
  { name: 'an array instead of an object', write: (f) => fs.writeFileSync(f, '[1, 2]'), says: /agent\.config\.json/ },
  { name: 'a value of the wrong type', write: (f) => fs.writeFileSync(f, '{ "maxTurns": "many" }'), says: /maxTurns/ },
  { name: 'a value out of range', write: (f) => fs.writeFileSync(f, '{ "maxRetries": 99 }'), says: /maxRetries/ },
  { name: 'a misspelt key', write: (f) => fs.writeFileSync(f, '{ "maxTurn": 3 }'), says: /maxTurn/ },
  { name: 'an unknown provider', write: (f) => fs.writeFileSync(f, '{ "provider": "skynet" }'), says: /provider/ },
  { name: 'a negative tool-error limit', write: (f) => fs.writeFileSync(f, '{ "maxConsecutiveToolErrors": -1 }'), says: /maxConsecutiveToolErrors/ },
  { name: 'binary garbage', write: (f) => fs.writeFileSync(f, Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x00])), says: /is not valid JSON/ },
  { name: 'a folder where the file should be', write: (f) => fs.mkdirSync(f), says: /agent\.config\.json/ },
];

describe('malformed configs', () => {
  for (const c of configs) {
    it(`${c.name}: one sentence naming the file, exit code 2`, () => {
      const project = tempDir('rein-fault-config-');
      const home = tempDir('rein-fault-home-');
      const file = path.join(project, 'agent.config.json');
      c.write(file);
      let error: unknown;
      try {
        loadConfig({ cwd: project, env: { HOME: home, REIN_HOME: home } });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain(file);
      expect(message).toMatch(c.says);
      expect(message.split('\n')).toHaveLength(1);
      expect((error as ConfigError).exitCode).toBe(2);
      // Nothing rewrites or removes a file it cannot read.
      expect(fs.existsSync(file)).toBe(true);
    });
  }

  it('a file of no bytes at all (the mount point the sandbox makes for a missing file) counts as no file', () => {
    const project = tempDir('rein-fault-config-');
    const home = tempDir('rein-fault-home-');
    fs.writeFileSync(path.join(project, 'agent.config.json'), '');
    expect(loadConfig({ cwd: project, env: { HOME: home, REIN_HOME: home } }).sources).toEqual([]);
  });

  it('the CLI prints that sentence alone and exits with code 2', async () => {
    const project = tempDir('rein-fault-config-');
    const home = tempDir('rein-fault-home-');
    fs.writeFileSync(path.join(project, 'agent.config.json'), '{ "maxTurns": "many" }');
    const run = await execa(process.execPath, [cliPath, '-p', 'hello'], { cwd: project, reject: false, stdin: 'ignore', env: { REIN_HOME: home, HOME: home, OPENAI_API_KEY: 'sk-test' } });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^rein: .*agent\.config\.json.*maxTurns.*/);
  });
});

describe('prompts', () => {
  it('a 1 MB paste reaches the model whole and the log replays it', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ text: 'read it all' }] });
    const paste = Array.from({ length: 20_000 }, (_, i) => `line ${i} of the pasted log: ${'x'.repeat(40)}`).join('\n').slice(0, 1024 * 1024);
    // A window that holds it: what a paste bigger than the window does is the context cases' business.
    const outcome = await runCase('anthropic', server, paste, { session: { contextWindow: 1_000_000 } });
    expectRecovered(outcome, 'read it all');
    expectConsistent(outcome, server);
    expect(JSON.stringify(server.requests[0]!.body.messages)).toContain(JSON.stringify(paste).slice(1, -1));
  });

  it('a 1 MB paste larger than the context window: one sentence saying so, sent as it is', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ text: 'read it all' }] });
    const paste = 'lorem ipsum dolor sit amet, '.repeat(40_000);
    const outcome = await runCase('openai', server, paste, { session: { contextWindow: 200_000 } });
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toBe('read it all\n');
    expect(outcome.stderr).toMatch(/^rein: The newest messages alone take about \d+% of the model's context window of 200,000 tokens and there is no older history to compact; they are sent as they are\.\n$/);
    expectConsistent(outcome, server);
  });

  it('a prompt with NUL and escape sequences: sent as JSON the API accepts, logged and replayed exactly', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ text: 'fine' }] });
    const prompt = 'before\u0000after \x1b[2J\x1b]52;c;eA==\x07 end';
    const outcome = await runCase('openai', server, prompt);
    expectRecovered(outcome, 'fine');
    expectConsistent(outcome, server);
    expect(server.requests[0]!.body.messages.at(-1).content).toContain('\x1b[2J');
  });
});
