// The long-context task: twelve 24 KB file reads and a fix in a 40k window, through the real CLI and both real
// SDKs against the mock server (which refuses a request over the window): bytes sent, shrinks, cached prefix lost.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { startMockLlmServer, type MockTurn, type RecordedRequest } from '../__tests__/support/mockLlmServer.js';
import { kb, row } from './stats.js';

const cli = resolve(process.env.REIN_BENCH_CLI ?? 'dist/cli.js');
export const longTask = {
  window: 40_000,
  files: 12,
  fileBytes: 24 * 1024,
  buggy: 7,
  rule: 'Project rule: keep every exported function name unchanged.',
  prompt: 'Invoice totals come out too low. Read every module in src/ from module01 to module12 in order, find the line that subtracts the price instead of adding it, and fix only that line.',
  badLine: '  total -= item.price * item.quantity; // accumulate',
  goodLine: '  total += item.price * item.quantity; // accumulate',
};
const summaryMarker = 'You summarise a conversation';
const fileName = (i: number): string => `src/module${String(i).padStart(2, '0')}.js`;

/** A module of exactly `fileBytes` bytes: small functions in the style of real code, the buggy line in one. */
function moduleText(i: number): string {
  const lines: string[] = [`// Module ${i}: invoice helpers for region ${i}.`, `import { round } from './money.js';`, ''];
  for (let f = 0; ; f++) {
    const fn = [
      `export function lineTotal${i}_${f}(items, discount = 0) {`,
      '  let total = 0;',
      '  for (const item of items) {',
      `    if (item.region !== ${i} || item.skip) continue;`,
      i === longTask.buggy && f === 40 ? longTask.badLine : longTask.goodLine,
      '  }',
      `  const taxed = total * (1 + ${(f % 9) / 100 + 0.05}); // tax for band ${f % 9}`,
      '  return round(Math.max(0, taxed - discount), 2);',
      '}',
      '',
    ];
    if (lines.join('\n').length + fn.join('\n').length + 1 > longTask.fileBytes) break;
    lines.push(...fn);
  }
  const text = `${lines.join('\n')}\n`;
  return text + '/'.repeat(longTask.fileBytes - Buffer.byteLength(text) - 1) + '\n';
}

export function writeLongTaskRepo(repo: string): void {
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'AGENTS.md'), `${longTask.rule}\n`);
  writeFileSync(join(repo, 'agent.config.json'), JSON.stringify({ context: { maxContextTokens: longTask.window } }));
  for (let i = 1; i <= longTask.files; i++) writeFileSync(join(repo, fileName(i)), moduleText(i));
}

const isSummary = (r: RecordedRequest): boolean => JSON.stringify(r.format === 'openai' ? r.body.messages[0] : r.body.system).includes(summaryMarker);

/** The model: one read a turn, then the fix, then the answer; a summary call gets a summary of realistic length. */
export function longTaskModel(): (req: RecordedRequest) => MockTurn {
  let reads = 0;
  let edited = false;
  return (req) => {
    if (isSummary(req)) {
      return { text: `## User goals and instructions\n"${longTask.prompt}"\n## Decisions\nReading the modules in order; none of the functions read so far subtracts the price.\n## Files touched\n${Array.from({ length: reads }, (_, i) => `- ${fileName(i + 1)}: read, lineTotal helpers, no bug`).join('\n')}\n## Current state\nRead ${reads} of ${longTask.files} modules.\n## Next steps\nRead the remaining modules, then fix the subtracting line.` };
    }
    if (reads < longTask.files) return { toolCalls: [{ name: 'read_file', input: { path: fileName(++reads) } }] };
    if (!edited) {
      edited = true;
      return { text: `The bug is in ${fileName(longTask.buggy)}.`, toolCalls: [{ name: 'edit_file', input: { path: fileName(longTask.buggy), old_string: longTask.badLine, new_string: longTask.goodLine } }] };
    }
    return { text: `Fixed: ${fileName(longTask.buggy)} now adds the price.` };
  };
}

const withoutCacheMarks = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (k, v) => (k === 'cache_control' ? undefined : v)));

/** What a provider caches, in the order it reads it: tools, system prompt, messages. */
export function promptText(r: RecordedRequest): string {
  const body = withoutCacheMarks(r.body) as Record<string, unknown> & { messages: unknown[] };
  const system = r.format === 'openai' ? body.messages[0] : body.system;
  const messages = r.format === 'openai' ? body.messages.slice(1) : body.messages;
  return JSON.stringify([body.tools, system, messages]);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

export interface LongTaskFigures {
  requests: number;
  summaries: number;
  sentBytes: number;
  shrinks: number;
  lostBytes: number;
  lostAtShrinks: number;
  /** Prompt bytes past the previous request's common prefix: what a prompt cache cannot serve (the full-price part). */
  uncachedBytes: number;
  largestTokens: number;
  ruleEverywhere: boolean;
  wordsEverywhere: boolean;
  fixed: boolean;
  exitCode: number | undefined;
  /** Each request's size in KB, summary calls marked with s. */
  sizes: string;
}

/** `config`: an agent.config.json for $REIN_HOME, to measure other settings on the same task. */
export async function runLongTask(format: 'openai' | 'anthropic', config?: Record<string, unknown>): Promise<LongTaskFigures> {
  const repo = mkdtempSync(join(tmpdir(), 'rein-bench-long-'));
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-long-home-'));
  if (config) writeFileSync(join(home, 'agent.config.json'), JSON.stringify(config));
  writeLongTaskRepo(repo);
  const server = await startMockLlmServer({ respond: longTaskModel(), contextWindowTokens: longTask.window });
  const provider = format === 'openai'
    ? ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'bench-model']
    : ['--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--model', 'claude-bench'];
  try {
    const run = await execa('node', [cli, '-p', longTask.prompt, ...provider], {
      cwd: repo, reject: false, timeout: 120_000, env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-bench', ANTHROPIC_API_KEY: 'sk-ant-bench' },
    });
    const agent = server.requests.filter((r) => !isSummary(r));
    const texts = agent.map(promptText);
    let shrinks = 0;
    let lostBytes = 0;
    let lostAtShrinks = 0;
    let uncachedBytes = texts[0]?.length ?? 0;
    for (let i = 1; i < agent.length; i++) {
      const common = commonPrefix(texts[i - 1], texts[i]);
      uncachedBytes += texts[i].length - common;
      const lost = texts[i - 1].length - common;
      lostBytes += lost;
      if (agent[i].bytes < agent[i - 1].bytes) {
        shrinks++;
        lostAtShrinks += lost;
      }
    }
    return {
      requests: server.requests.length,
      summaries: server.requests.length - agent.length,
      sentBytes: server.requests.reduce((sum, r) => sum + r.bytes, 0),
      shrinks,
      lostBytes,
      lostAtShrinks,
      uncachedBytes,
      largestTokens: Math.max(...agent.map((r) => Math.ceil(r.bytes / 4))),
      ruleEverywhere: agent.every((r) => JSON.stringify(r.body).includes(longTask.rule)),
      wordsEverywhere: agent.every((r) => JSON.stringify(r.body).includes(JSON.stringify(longTask.prompt).slice(1, -1))),
      fixed: readFileSync(join(repo, fileName(longTask.buggy)), 'utf8').includes(longTask.goodLine) && !readFileSync(join(repo, fileName(longTask.buggy)), 'utf8').includes(longTask.badLine),
      exitCode: run.exitCode,
      sizes: server.requests.map((r) => `${(r.bytes / 1024).toFixed(0)}${isSummary(r) ? 's' : ''}`).join(' '),
    };
  } finally {
    await server.close();
    rmSync(repo, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

export async function benchLongContext(): Promise<string[]> {
  const out = [`long-context task: ${longTask.files} reads of ${longTask.fileBytes / 1024} KB files and one fix in a ${longTask.window / 1000}k window, headless CLI`];
  for (const format of ['openai', 'anthropic'] as const) {
    const f = await runLongTask(format);
    out.push(
      `  ${format} (exit ${f.exitCode}, ${f.requests} requests of which ${f.summaries} summaries)`,
      row('  sent in all', kb(f.sentBytes), '≤ 1,000 KB'),
      row('  shrinking requests (compactions)', String(f.shrinks), '≤ 2'),
      row('  cached prefix lost at them', kb(f.lostAtShrinks), '≤ 150 KB'),
      row('  cached prefix lost in all requests', kb(f.lostBytes)),
      row('  prompt bytes no cache serves (full price)', kb(f.uncachedBytes)),
      row('  largest request (body bytes / 4)', `${f.largestTokens.toLocaleString('en-US')} tok`, `< ${longTask.window.toLocaleString('en-US')}`),
      row('  AGENTS.md rule / user words in every request', `${f.ruleEverywhere ? 'yes' : 'NO'} / ${f.wordsEverywhere ? 'yes' : 'NO'}`, 'yes / yes'),
      row('  the fix made', f.fixed ? 'yes' : 'NO', 'yes'),
      `    request sizes (KB, s = summary call): ${f.sizes}`,
    );
  }
  // Ideas measured on the same task (openai): more of the newest tool results kept whole before they are cleared,
  // and, without clearing (10 kept), a summary made earlier.
  out.push('  measured ideas (openai): context.keepRecentToolResults = N (default 1), contextDangerRatio = D (default 0.9)');
  const ideas: Array<[string, Record<string, unknown>]> = [
    ['N = 2', { keepRecentToolResults: 2 }],
    ['N = 3', { keepRecentToolResults: 3 }],
    ['N = 10', { keepRecentToolResults: 10 }],
    ['N = 10, D = 0.6', { keepRecentToolResults: 10, contextDangerRatio: 0.6 }],
  ];
  for (const [name, context] of ideas) {
    const f = await runLongTask('openai', { context });
    out.push(row(`    ${name}: sent / shrinks / lost at them / lost in all / full price`,
      `${kb(f.sentBytes)} / ${f.shrinks} / ${kb(f.lostAtShrinks)} / ${kb(f.lostBytes)} / ${kb(f.uncachedBytes)}${f.fixed && f.ruleEverywhere && f.wordsEverywhere ? '' : ' (fix, rule or words MISSING)'}`));
  }
  return out;
}
