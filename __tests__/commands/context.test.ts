// /context on real sessions: the parts add up to the status line's figure and the window, each part moves when what it
// counts changes (instructions, a long message, an MCP server's tools), and the chart fits 60 columns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../source/commands/builtins.js';
import { barOf } from '../../source/commands/context.js';
import type { ContextBreakdown } from '../../source/engine/session/types.js';
import { runHeadlessCommand } from '../../source/headless/builtinCommand.js';
import { McpManager } from '../../source/mcp/manager.js';
import { builtinToolNames } from '../../source/tools/builtins.js';
import { makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';
import { entry, faultServer } from '../support/mcpServers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function harness(...args: Parameters<typeof makeHarness>): Harness {
  const h = makeHarness(...args);
  cleanups.push(() => h.cleanup());
  return h;
}

const part = (b: ContextBreakdown, key: string) => b.parts.find((p) => p.key === key)!.tokens;
const sum = (b: ContextBreakdown) => b.parts.reduce((total, p) => total + p.tokens, 0);

function breakdownOf(h: Harness): ContextBreakdown {
  const breakdown = h.session.inspection.contextBreakdown();
  // The parts add up to the figure the status line shows, and with free space to the window.
  expect(sum(breakdown)).toBe(breakdown.used);
  expect(breakdown.used).toBe(h.session.inspection.contextTokens());
  expect(breakdown.used + breakdown.free).toBe(breakdown.window);
  return breakdown;
}

describe('/context', () => {
  it('counts the project instructions apart from the system prompt, and a long message under messages', async () => {
    const plain = breakdownOf(harness([{ text: 'ok' }]));
    const instructions = 'Always run the linter before committing. '.repeat(50);
    const h = harness([{ text: 'ok' }], { instructions });
    const before = breakdownOf(h);
    expect(part(plain, 'memory')).toBe(0);
    expect(part(before, 'memory')).toBeGreaterThan(instructions.length / 4);
    expect(part(before, 'system')).toBe(part(plain, 'system'));
    expect(part(before, 'tools')).toBe(part(plain, 'tools'));
    expect(part(before, 'messages')).toBe(0);
    const long = 'a line of pasted log output\n'.repeat(400);
    await runPrompt(h.session, long);
    const after = breakdownOf(h);
    expect(part(after, 'messages')).toBeGreaterThan(long.length / 4);
    expect(part(after, 'memory')).toBe(part(before, 'memory'));
    expect(after.free).toBeLessThan(before.free);
  });

  it('counts an MCP server\'s tools under MCP tools once the server is up', async () => {
    const reinHome = mkdtempSync(join(tmpdir(), 'rein-ctx-home-'));
    const workspace = mkdtempSync(join(tmpdir(), 'rein-ctx-ws-'));
    const manager = new McpManager({
      servers: [entry('fault', faultServer('normal'))], problems: [], projectDir: workspace, reinHome, workspace, sessionDir: join(reinHome, 'sessions', 's'),
      startupTimeoutMs: 30_000, toolTimeoutMs: 30_000, interactive: false, projectTrusted: false, clientVersion: 'test', reservedNames: new Set(builtinToolNames),
    });
    const h = harness([{ text: 'ok' }], { sessionId: 's', sessionsDir: join(reinHome, 'sessions'), cwd: workspace, workspace, mcp: manager });
    cleanups.push(async () => {
      rmSync(reinHome, { recursive: true, force: true });
      rmSync(workspace, { recursive: true, force: true });
    });
    const without = breakdownOf(harness([{ text: 'ok' }]));
    expect(part(without, 'mcp')).toBe(0);
    manager.start();
    await manager.whenReady();
    expect(manager.status()[0].status).toBe('connected');
    const withServer = breakdownOf(h);
    const mcpTools = h.session.inspection.prefix().tools.filter((t) => t.name.startsWith('mcp__'));
    expect(mcpTools.length).toBeGreaterThan(0);
    expect(part(withServer, 'mcp')).toBeGreaterThan(0);
    expect(part(withServer, 'tools')).toBe(part(without, 'tools'));
  });

  it('prints a 40-cell bar and a table that fit 60 columns, headless too', async () => {
    const h = harness([{ text: 'ok' }], { instructions: 'Use tabs.' });
    const outcome = await runHeadlessCommand('/context', h.session, builtinCommands());
    expect(outcome).toMatchObject({ kind: 'answered', exitCode: 0 });
    const lines = outcome?.kind === 'answered' ? outcome.output.split('\n') : [];
    // The transcript indents a notice by two columns: 58 fit a 60-column screen.
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(58);
    expect(lines[0]).toMatch(/^Context: [\d,]+ of [\d,]+ tokens \(/);
    expect(lines[1]).toMatch(/^\[[STMIKC·]{40}\]$/);
    for (const label of ['System prompt', 'Built-in tools', 'MCP tools', 'Memory and instructions', 'Skills', 'Messages', 'Free space']) {
      expect(lines.some((line) => line.includes(label))).toBe(true);
    }
    expect((await runHeadlessCommand('/context now', h.session, builtinCommands()))).toMatchObject({ exitCode: 1 });
  });

  it('gives every part that holds tokens at least one cell, and never more than 40 in all', () => {
    const parts = (tokens: number[]): ContextBreakdown['parts'] =>
      (['system', 'tools', 'mcp', 'memory', 'skills', 'messages'] as const).map((key, i) => ({ key, label: key, tokens: tokens[i] }));
    const small = barOf({ window: 200_000, parts: parts([3_000, 6_000, 0, 10, 0, 150]), used: 9_160, free: 190_840, reported: false, compactAt: 180_000 });
    expect(small).toBe(`STIC${'·'.repeat(36)}`);
    const full = barOf({ window: 1_000, parts: parts([100, 100, 100, 100, 100, 900]), used: 1_300, free: 0, reported: true, compactAt: 900 });
    expect(full).toHaveLength(40);
    expect(full).not.toContain('·');
    expect(new Set(full)).toEqual(new Set(['S', 'T', 'M', 'I', 'K', 'C']));
  });
});
