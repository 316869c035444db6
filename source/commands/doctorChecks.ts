// /doctor's checks, one line each with what to do when it fails: the set-up, the provider, MCP, hooks, programs, terminal.
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { loadConfig } from '../config/index.js';
import type { Env } from '../config/types.js';
import type { McpServerStatus } from '../protocol/events.js';
import type { SessionDiagnostics } from '../protocol/diagnostics.js';
import { isKnownModel } from '../providers/modelInfo.js';
import { ripgrepPath } from '../tools/ripgrep.js';
import { errorMessage } from '../util/errors.js';
import { formatInt } from '../util/format.js';

/** ok, a warning (works, but something is missing or odd), a failure, or a plain note. */
export type CheckMark = '✓' | '!' | '✗' | '·';
export interface CheckLine { mark: CheckMark; text: string; fix?: string }

const line = (mark: CheckMark, text: string, fix?: string): CheckLine => ({ mark, text, ...(fix ? { fix } : {}) });

export function configChecks(d: SessionDiagnostics, cwd: string, env: Env): CheckLine[] {
  const lines: CheckLine[] = [];
  try {
    // Read again: a file edited since start shows its error here, before the next start trips on it.
    const loaded = loadConfig({ cwd, env, reinHome: d.reinHome, projectTrusted: d.projectTrusted });
    lines.push(loaded.sources.length > 0
      ? line('✓', `Config: ${loaded.sources.join(', ')}`)
      : line('·', `Config: no agent.config.json here or in ${d.reinHome}; defaults apply`));
  } catch (error) {
    lines.push(line('✗', `Config: ${errorMessage(error)}`, 'fix the file; rein reads it when it starts'));
  }
  if (d.settingsFiles.length > 0) lines.push(line('✓', `Claude Code settings: ${d.settingsFiles.join(', ')}`));
  for (const problem of d.startupProblems) lines.push(line('!', problem));
  return lines;
}

export function keyCheck(d: SessionDiagnostics, keyVariable: string): CheckLine {
  if (d.key.from === 'none') return line('✗', 'API key: none', `set ${keyVariable} or "apiKey" in ${join(d.reinHome, 'agent.config.json')}`);
  return line('✓', `API key: from ${d.key.from}${d.key.tail ? ` (…${d.key.tail})` : ''}`);
}

/** GET of the endpoint: the HTTP status, or why no answer came (the system's error code, or the timeout). */
async function probe(url: string, timeoutMs: number): Promise<{ status: number } | { reason: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { reason: 'not a URL' };
  }
  // node:http rather than fetch: fetch refuses some ports outright and hides the system's error code.
  const { request } = parsed.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise((resolve) => {
    const req = request(parsed, { method: 'GET', timeout: timeoutMs }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    req.on('timeout', () => {
      req.destroy();
      resolve({ reason: `no answer in ${timeoutMs / 1000} s` });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ reason: error.code ?? errorMessage(error) }));
    req.end();
  });
}

/** Any HTTP answer from the endpoint means it is reachable; the key is not sent. */
export async function providerCheck(d: SessionDiagnostics, timeoutMs: number): Promise<CheckLine> {
  const where = d.baseUrlFrom ? ` (set by ${d.baseUrlFrom})` : '';
  const answer = await probe(d.baseUrl, timeoutMs);
  if ('status' in answer) return line('✓', `Provider: ${d.provider} at ${d.baseUrl} answers (HTTP ${answer.status})`);
  return line('✗', `Provider: ${d.baseUrl}${where} cannot be reached (${answer.reason})`, 'check the URL, that the server runs, and the network or proxy');
}

export function modelCheck(model: string, window: number): CheckLine {
  if (isKnownModel(model)) return line('✓', `Model: ${model}, window ${formatInt(window)} tokens`);
  return line('!', `Model: ${model} is not one rein knows; window taken as ${formatInt(window)} tokens`, 'set context.maxContextTokens if the real window differs');
}

/** `screen`: the /mcp panel is there to reconnect or turn a server on. */
export function mcpChecks(servers: readonly McpServerStatus[] | undefined, screen: boolean): CheckLine[] {
  if (!servers || servers.length === 0) return [line('·', 'MCP: no servers configured')];
  return servers.map((s) => {
    const name = `MCP ${s.name}`;
    switch (s.status) {
      case 'connected':
        return line('✓', `${name}: connected, ${s.toolCount} tool${s.toolCount === 1 ? '' : 's'}`);
      case 'connecting':
        return line('·', `${name}: still connecting`);
      case 'disabled':
        return line('·', `${name}: turned off this session`, screen ? '/mcp turns it on' : undefined);
      case 'needs-trust':
        return line('!', `${name}: waits for you to trust the project`, 'trust the project (headless: --trust-project or --trust-mcp)');
      case 'failed':
        return line('✗', `${name}: failed${s.lastError ? ` (${s.lastError})` : ''}`, `check its command or URL${s.logFile ? `; its log is ${s.logFile}` : ''}${screen ? '; /mcp reconnects' : ''}`);
    }
  });
}

export function hooksCheck(d: SessionDiagnostics): CheckLine {
  const total = d.hooks.reduce((sum, h) => sum + h.count, 0);
  if (total === 0) return line('·', 'Hooks: none configured');
  return line('✓', `Hooks: ${total} (${d.hooks.map((h) => `${h.event} ${h.count}`).join(', ')})`);
}

/** The first executable of that name on PATH. */
export function onPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

export function programChecks(env: Env): CheckLine[] {
  const path = env.PATH ?? '';
  let bundled = true;
  try {
    accessSync(ripgrepPath(), constants.X_OK);
  } catch {
    bundled = false;
  }
  const program = (name: string, label: string, missing: CheckLine) => {
    const found = onPath(name, path);
    return found ? line('✓', `${label}: ${found}`) : missing;
  };
  return [
    bundled ? line('✓', `ripgrep: ${ripgrepPath()}`) : line('✗', 'ripgrep: the bundled binary is missing; grep, glob and @ completion fail', 'reinstall rein'),
    program('git', 'git', line('✗', 'git: not on PATH; the model cannot use git', 'install git')),
    program('tmux', 'tmux', line('!', 'tmux: not on PATH (optional)', 'install tmux to run rein\'s end-to-end tests')),
    program('bwrap', 'bubblewrap', line('!', 'bubblewrap: not on PATH; --sandbox cannot run', 'install bubblewrap (bwrap) to use --sandbox')),
  ];
}

const requireNode = createRequire(import.meta.url);

/** Terminals known to draw a frame sent between the synchronized-output marks (DEC mode 2026) at once. */
const syncPrograms = /^(iTerm\.app|WezTerm|ghostty|vscode|tmux|contour|rio|Hyper)$/i;
const syncTerms = /kitty|foot|alacritty|ghostty|wezterm|contour/i;

export function terminalCheck(env: Env, isTty: boolean): CheckLine {
  const term = env.TERM ?? '';
  const program = env.TERM_PROGRAM ?? '';
  // node:tty is loaded here, for /doctor, rather than on every headless start.
  const { WriteStream } = requireNode('node:tty') as typeof import('node:tty');
  const depth = WriteStream.prototype.getColorDepth.call(process.stdout, env);
  const colours = depth >= 24 ? '16 million colours' : depth >= 8 ? '256 colours' : depth >= 4 ? '16 colours' : 'no colours';
  const sync = syncPrograms.test(program) || syncTerms.test(term) || env.WT_SESSION !== undefined
    ? 'likely'
    : program === 'Apple_Terminal' ? 'no (frames may flicker)' : 'unknown';
  const name = [term && `TERM=${term}`, program && `TERM_PROGRAM=${program}`].filter(Boolean).join(', ') || 'TERM unset';
  const text = `Terminal: ${name}; ${colours}; synchronized output ${sync}${isTty ? '' : ' (output is not a terminal now)'}`;
  return depth < 8 ? line('!', text, 'set COLORTERM=truecolor (or TERM=xterm-256color) if the terminal can show more') : line('✓', text);
}
