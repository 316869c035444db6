// The SDK as a program gets it: `npm pack`, unpacked into a project of its own whose node_modules resolves the
// repository's dependencies (no registry), imported as 'rein', run against the mock server, and typechecked.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';

let root: string;
let project: string;

/** Packs the built repository (npm run build first) and installs the tarball by hand into `project`. */
beforeAll(async () => {
  if (!existsSync('dist/sdk.mjs') || !existsSync('dist/sdk.d.mts')) throw new Error('dist/sdk.mjs is missing: run npm run build first.');
  root = realpathSync(mkdtempSync(join(tmpdir(), 'rein-sdk-consumer-')));
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--offline', '--json', '--pack-destination', root], { reject: false, timeout: 120_000 });
  if (packed.exitCode !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [{ filename }] = JSON.parse(packed.stdout) as Array<{ filename: string }>;
  project = join(root, 'project');
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  await execa('tar', ['-xzf', join(root, filename), '-C', root]);
  renameSync(join(root, 'package'), join(project, 'node_modules', 'rein'));
  // rein's dependencies (and TypeScript with Node's types, for the typecheck) from the repository's node_modules.
  for (const entry of readdirSync('node_modules')) {
    if (entry.startsWith('.') || entry === 'rein') continue;
    symlinkSync(realpathSync(resolve('node_modules', entry)), join(project, 'node_modules', entry), 'dir');
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const consumerScript = `
import { createSession, query } from 'rein';
import { writeFileSync } from 'node:fs';

const options = { cwd: process.env.WORK, provider: 'openai', baseUrl: process.env.MOCK_URL, model: 'test-model' };
const session = await createSession({ ...options, mode: 'auto-edit' });
const types = [];
const run = session.send('read the notes');
for await (const message of run) types.push(message.type);
const result = await run.result;
await session.close();
const once = [];
for await (const message of query({ prompt: 'once more', options: { ...options, mode: 'yolo' } })) once.push(message.type);
writeFileSync('out.json', JSON.stringify({ types, result, once }));
`;

const consumerTypes = `
import { createSession, query, type AgentEvent, type RunResult, type SessionOptions, type CanUseTool } from 'rein';

const canUseTool: CanUseTool = async (toolName, input) => (toolName === 'bash' ? { behavior: 'deny', message: 'no' } : { behavior: 'allow', updatedInput: input });
const options: SessionOptions = {
  cwd: '.', provider: 'openai', mode: 'ask', canUseTool, allowedTools: ['Read'],
  mcpServers: { files: { command: 'node', args: ['server.js'] }, web: { type: 'http', url: 'http://127.0.0.1:1/mcp' } },
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [async (input) => ({ decision: 'block', reason: String(input.tool_name) })] }], Stop: [async () => undefined] },
  appendSystemPrompt: 'Be brief.', maxTurns: 4,
};

export async function main(): Promise<RunResult> {
  const session = await createSession(options);
  const run = session.prompt('hello');
  for await (const message of run) {
    if (message.type === 'tool_end') console.log(message.result.content, message.denied === true);
    if (message.type === 'result') console.log(message.total_cost_usd, message.permission_denials[0]?.tool_name);
  }
  const ended: AgentEvent['type'] = 'run_end';
  console.log(ended, session.sessionId, session.mode);
  // @ts-expect-error: not a mode
  session.setMode('sometimes');
  // @ts-expect-error: a hook answers with Claude Code's hook output, not a string
  await createSession({ hooks: { PreToolUse: [async () => 'deny'] } });
  // @ts-expect-error: canUseTool must say allow or deny
  await createSession({ canUseTool: async () => ({ behavior: 'maybe' }) });
  const q = query({ prompt: 'x', options: { signal: AbortSignal.timeout(1000) } });
  q.abort();
  await session.close();
  return run.result;
}
`;

describe("the packed package imported as 'rein'", () => {
  it('runs a session and a query against the mock server from a program of its own', async () => {
    const server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] },
      { text: 'The notes say hello.' },
      { text: 'Once.' },
    ] });
    const work = join(root, 'work');
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, 'notes.txt'), 'hello\n');
    writeFileSync(join(project, 'consumer.mjs'), consumerScript);
    try {
      const home = join(root, 'home');
      const ran = await execa('node', ['consumer.mjs'], {
        cwd: project, reject: false, timeout: 90_000,
        env: { WORK: work, MOCK_URL: server.openaiBaseUrl, HOME: home, REIN_HOME: join(home, '.rein'), OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' },
      });
      expect(ran.stderr).toBe('');
      expect(ran.exitCode).toBe(0);
      const out = JSON.parse(readFileSync(join(project, 'out.json'), 'utf8')) as { types: string[]; result: Record<string, unknown>; once: string[] };
      expect(out.types).toEqual(expect.arrayContaining(['run_start', 'tool_start', 'tool_end', 'run_end']));
      expect(out.types.at(-1)).toBe('result');
      expect(out.result).toMatchObject({ type: 'result', subtype: 'success', result: 'The notes say hello.', reason: 'done' });
      expect(out.once.at(-1)).toBe('result');
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('runs the example of docs/sdk.md as it is written', async () => {
    const example = /## An example\n\n```js\n([\s\S]*?)```/.exec(readFileSync('docs/sdk.md', 'utf8'))?.[1];
    expect(example).toContain("from 'rein'");
    writeFileSync(join(project, 'example.mjs'), example ?? '');
    const server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'bash', input: { command: 'npm test' } }] },
      { toolCalls: [{ name: 'bash', input: { command: 'rm -rf build' } }] },
      { text: 'One test fails: adds numbers.' },
    ] });
    const work = join(root, 'example-work');
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'w', private: true, scripts: { test: 'echo "1 failing: adds numbers" && exit 1' } }));
    try {
      const home = join(root, 'example-home');
      const ran = await execa('node', [join(project, 'example.mjs')], {
        cwd: work, reject: false, timeout: 90_000,
        env: { REIN_PROVIDER: 'openai', REIN_BASE_URL: server.openaiBaseUrl, REIN_MODEL: 'test-model', HOME: home, REIN_HOME: join(home, '.rein'), OPENAI_API_KEY: '' },
      });
      expect(ran.exitCode).toBe(0);
      expect(ran.stdout).toContain('One test fails: adds numbers.');
      expect(ran.stdout).toMatch(/success: 3 turns, cost (unknown|[\d.]+) USD/);
      // The hook saw both commands; canUseTool let npm test run and refused the other, whose message the model got.
      expect(ran.stderr).toContain('about to run: npm test');
      expect(ran.stderr).toContain('about to run: rm -rf build');
      const sent = JSON.stringify(server.requests.map((r) => r.body.messages));
      expect(sent).toContain('1 failing: adds numbers');
      expect(sent).toContain('bash is not allowed here.');
    } finally {
      await server.close();
    }
  }, 120_000);

  it('typechecks a program against the shipped types, which reject wrong options', async () => {
    writeFileSync(join(project, 'consumer.ts'), consumerTypes);
    const tsconfig = (file: string) => JSON.stringify({
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, types: ['node'] },
      files: [file],
    });
    writeFileSync(join(project, 'tsconfig.json'), tsconfig('consumer.ts'));
    const tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await execa('node', [tsc, '-p', 'tsconfig.json'], { cwd: project, reject: false, timeout: 120_000 });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.exitCode).toBe(0);
    // The same program with a wrong option fails: the types are real, not `any`.
    writeFileSync(join(project, 'wrong.ts'), "import { createSession } from 'rein';\nawait createSession({ maxTurns: 'many' });\n");
    writeFileSync(join(project, 'tsconfig.wrong.json'), tsconfig('wrong.ts'));
    const wrong = await execa('node', [tsc, '-p', 'tsconfig.wrong.json'], { cwd: project, reject: false, timeout: 120_000 });
    expect(wrong.exitCode).not.toBe(0);
    expect(wrong.stdout).toContain("Type 'string' is not assignable to type 'number'");
  }, 150_000);
});
