// Runs the handlers that are not shell commands: an http POST, a model's yes/no (prompt), an MCP tool call, a verifying
// subagent (agent) and a program's function (SDK hooks). Each ends as a HookRun, read by the same rules as a command's
// exit code and stdout.
import type { HookCommand, HookRun } from './hookTypes.js';
import { errorMessage } from '../util/errors.js';

/** What the session lends the hooks for the handler types that need more than a process. */
export interface HookPorts {
  /** One model call: the system text, the user's prompt, an optional model; resolves to the answer's text. */
  ask?: (request: { system: string; prompt: string; model?: string }, signal: AbortSignal) => Promise<string>;
  /** Calls `tool` on a configured MCP server; rejects with a plain sentence when it cannot. */
  callMcpTool?: (server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<{ text: string; isError: boolean }>;
  /** Runs a read-only subagent on the prompt and resolves to its final answer. */
  runAgent?: (request: { system: string; prompt: string; model?: string }, signal: AbortSignal) => Promise<string>;
  /** Running background tasks, as Claude Code's Stop input lists them. */
  backgroundTasks?: () => unknown[];
}

/** The settings Claude Code reads for http hooks (allowedHttpHookUrls, httpHookAllowedEnvVars), merged over every file. */
export interface HttpHookPolicy {
  allowedUrls?: string[];
  allowedEnvVars?: string[];
}

/** Claude Code's system text for prompt hooks (measured on 2.1.197), plus where the JSON goes. */
export const promptHookSystem = [
  'You are evaluating a hook condition in rein, a coding agent. Judge whether the user-provided condition is met.',
  '',
  'Your response must be a JSON object with one of these shapes:',
  '- {"ok": true, "reason": "<reason the condition is met>"}',
  '- {"ok": false, "reason": "<reason the condition is not met>"}',
  '',
  'Always include a "reason" field. Answer with the JSON object alone.',
].join('\n');

/** The prompt with the input JSON in place of $ARGUMENTS (`\$` stays a literal dollar), or appended when absent. */
function fillPrompt(prompt: string, input: unknown): string {
  const json = JSON.stringify(input);
  if (!/(^|[^\\])\$ARGUMENTS/.test(prompt)) return `${prompt.replace(/\\\$/g, '$')}\n\n${json}`;
  return prompt.replace(/(^|[^\\])\$ARGUMENTS/g, (_m, before: string) => `${before}${json}`).replace(/\\\$/g, '$');
}

/** The first JSON object in a model's answer, read as Claude Code's {ok, reason, impossible}. */
function readVerdict(text: string): HookRun['verdict'] | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end < start) return undefined;
  try {
    const value = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
    if (typeof value.ok !== 'boolean') return undefined;
    return { ok: value.ok, ...(typeof value.reason === 'string' ? { reason: value.reason } : {}), ...(value.impossible === true ? { impossible: true } : {}) };
  } catch {
    return undefined;
  }
}

/** `${tool_input.file_path}` in an mcp_tool hook's arguments, filled from the hook's input. */
function fillArguments(value: unknown, input: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z0-9_.]+)\}/g, (_m, path: string) => {
      let at: unknown = input;
      for (const key of path.split('.')) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
      return at === undefined ? '' : typeof at === 'string' ? at : JSON.stringify(at);
    });
  }
  if (Array.isArray(value)) return value.map((v) => fillArguments(v, input));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillArguments(v, input)]));
  return value;
}

const wildcard = (pattern: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** Header values with $VAR / ${VAR} filled, only from the variables both the hook and the settings allow. */
function fillHeaders(headers: Record<string, string>, allowed: string[], policy: HttpHookPolicy, env: NodeJS.ProcessEnv): Record<string, string> {
  const names = new Set(allowed.filter((name) => !policy.allowedEnvVars || policy.allowedEnvVars.includes(name)));
  return Object.fromEntries(Object.entries(headers).map(([key, value]) => [
    key,
    value.replace(/\$\{([A-Z_][A-Z0-9_]*)\}|\$([A-Z_][A-Z0-9_]*)/g, (_m, a: string | undefined, b: string | undefined) => {
      const name = a ?? b ?? '';
      return names.has(name) ? (env[name] ?? '') : '';
    }),
  ]));
}

const empty = (hook: HookCommand): HookRun => ({ hook, exitCode: undefined, stdout: '', stderr: '', timedOut: false, aborted: false });

/** A signal that fires on the run's abort or at the hook's timeout; `timedOut` tells which. */
function deadline(hook: HookCommand, signal?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    controller.abort();
  }, hook.timeoutMs);
  const follow = () => controller.abort();
  signal?.addEventListener('abort', follow, { once: true });
  if (signal?.aborted) controller.abort();
  return { signal: controller.signal, timedOut: () => late, done: () => { clearTimeout(timer); signal?.removeEventListener('abort', follow); } };
}

async function postJson(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<{ status: number; text: string }> {
  const { request } = url.startsWith('https:') ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const reason = (error: unknown) => errorMessage(error);

/** Runs one http, prompt, mcp_tool or agent handler. */
export async function runHandler(hook: HookCommand, input: Record<string, unknown>, ports: HookPorts, policy: HttpHookPolicy, signal?: AbortSignal): Promise<HookRun> {
  const run = empty(hook);
  if (signal?.aborted) return { ...run, aborted: true };
  const limit = deadline(hook, signal);
  const stopped = (): HookRun | undefined => (limit.timedOut() ? { ...run, timedOut: true } : signal?.aborted ? { ...run, aborted: true } : undefined);
  try {
    switch (hook.type) {
      case 'http': {
        const url = hook.url ?? '';
        if (policy.allowedUrls && !policy.allowedUrls.some((p) => wildcard(p).test(url))) return { ...run, failure: `was not sent: ${url} matches no pattern in allowedHttpHookUrls` };
        const response = await postJson(url, JSON.stringify(input), fillHeaders(hook.headers ?? {}, hook.allowedEnvVars ?? [], policy, process.env), limit.signal);
        if (response.status < 200 || response.status > 299) return { ...run, failure: `answered HTTP ${response.status}` };
        const text = response.text.trim();
        if (text !== '' && !(text.startsWith('{') && text.endsWith('}'))) return { ...run, failure: 'answered with a body that is not a JSON object' };
        return { ...run, exitCode: 0, stdout: text };
      }
      case 'mcp_tool': {
        if (!ports.callMcpTool) return { ...run, failure: `cannot call ${hook.server}/${hook.tool}: no MCP servers are configured` };
        const result = await ports.callMcpTool(hook.server ?? '', hook.tool ?? '', fillArguments(hook.input ?? {}, input) as Record<string, unknown>, limit.signal);
        if (result.isError) return { ...run, failure: `the tool answered with an error: ${result.text.split('\n')[0]?.slice(0, 200) ?? ''}` };
        return { ...run, exitCode: 0, stdout: result.text };
      }
      case 'prompt':
      case 'agent': {
        const port = hook.type === 'prompt' ? ports.ask : ports.runAgent;
        if (!port) return { ...run, failure: `cannot run: this session has no model for ${hook.type} hooks` };
        const answer = await port({ system: promptHookSystem, prompt: fillPrompt(hook.prompt ?? '', input), model: hook.model }, limit.signal);
        const verdict = readVerdict(answer);
        if (!verdict) return { ...run, failure: `the model's answer was not {"ok": ..., "reason": ...}: ${answer.trim().split('\n')[0]?.slice(0, 200) ?? ''}` };
        return { ...run, exitCode: 0, verdict };
      }
      case 'function': {
        if (!hook.run) return { ...run, failure: 'has no function to call' };
        const output = await hook.run(input, limit.signal);
        return stopped() ?? { ...run, exitCode: 0, stdout: output !== null && typeof output === 'object' ? JSON.stringify(output) : '' };
      }
      default:
        return { ...run, failure: `has a type rein cannot run (${hook.type ?? 'command'})` };
    }
  } catch (error) {
    return stopped() ?? { ...run, failure: `failed (${reason(error)})` };
  } finally {
    limit.done();
  }
}
