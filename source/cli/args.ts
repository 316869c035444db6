// Command-line parsing for `rein`: flags shared by the TUI and headless `-p` mode.
import { parseArgs } from 'node:util';
import type { PermissionMode } from '../protocol/events.js';
import { parseThinking } from '../providers/thinking.js';
import type { ThinkingSetting } from '../providers/types.js';
import { normalizeArgv, permissionModeFor, permissionModeNames } from './compat.js';
import { compatFlags } from './flags.js';
import { UsageError } from './usageError.js';

export { helpText } from './help.js';

/** `stream-json` is Claude Code's protocol; `rein-events` is rein's own event stream, one AgentEvent a line. */
export type OutputFormat = 'text' | 'json' | 'stream-json' | 'rein-events';
export type InputFormat = 'text' | 'stream-json';

export interface CliArgs {
  /** Headless prompt; '-' reads it from standard input. Undefined opens the TUI. */
  print?: string;
  /** A first message for the TUI, given as the positional argument (`rein "fix the tests"`). */
  prompt?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  permissionMode?: PermissionMode;
  /** `--permission-mode dontAsk`: whatever would ask is denied instead. */
  dontAsk: boolean;
  maxTurns?: number;
  thinking?: ThinkingSetting;
  outputFormat: OutputFormat;
  /** stream-json: user messages arrive as JSON lines on standard input, one run each, in one session. */
  inputFormat: InputFormat;
  /** --system-prompt / --system-prompt-file: replaces rein's built-in instructions (the facts layers stay). */
  systemPrompt?: string;
  systemPromptFile?: string;
  /** --append-system-prompt: added at the end of the system prompt. */
  appendSystemPrompt?: string;
  /** --record <file>: every request's hashes and every streamed event, as JSON lines. */
  record?: string;
  /** --replay <file>: the recorded answers instead of a provider (no key, no network). */
  replay?: string;
  /** --replay-speed <n>: how many times faster than recorded; 0 = at once. */
  replaySpeed: number;
  /** --replay-tools real|recorded: run the tools again (default), or take their results from the recording. */
  replayTools: 'real' | 'recorded';
  /** Resume the latest session in this directory. */
  continue: boolean;
  /** Resume the session with this id (or unique id prefix). */
  resume?: string;
  /** With --continue or --resume: go on under a new session id, leaving the old session's log as it was. */
  forkSession: boolean;
  /** Headless team mode: planner, workers and reviewer on the -p prompt. */
  team: boolean;
  /** --mcp-config <files or JSON…>: MCP servers for this run, in .mcp.json's format. */
  mcpConfig: string[];
  /** --trust-mcp: start the project's MCP servers without asking (for this run). */
  trustMcp: boolean;
  /** --trust-project: run this project's hooks and start its MCP servers without asking (for this run). */
  trustProject: boolean;
  /** Rules in Claude Code's syntax that allow (or deny) tool calls, as with its --allowedTools / --disallowedTools. */
  allowedTools: string[];
  disallowedTools: string[];
  /** --add-dir: folders the file tools may read and write besides the workspace. */
  addDirs: string[];
  /** --settings: a Claude Code settings file, or its JSON, read as the user's own. */
  settings?: string;
  /** --strict-mcp-config: only the --mcp-config servers start. */
  strictMcpConfig: boolean;
  /** --session-id: the new session's id (a UUID). */
  sessionId?: string;
  /** --json-schema: the schema (parsed) the answer must be an object of. */
  jsonSchema?: Record<string, unknown>;
  /** --fallback-model: models tried in order when the model is overloaded or unavailable. */
  fallbackModels: string[];
  /** --include-partial-messages: stream-json carries the model's stream as stream_event lines. */
  includePartialMessages: boolean;
  /** --verbose: json output becomes every message as an array; text output shows progress on stderr. */
  verbose: boolean;
  /** False with --no-session-persistence: no session log is written. */
  sessionPersistence: boolean;
  /** --debug [filter]: a debug log, optionally of some categories only. */
  debug?: { filter?: string };
  /** --max-budget-usd: the spend at which runs stop. */
  maxBudgetUsd?: number;
  /** --agents: subagents as JSON in Claude Code's shape (checked when the session is built). */
  agents?: string;
  /** --permission-prompt-tool: the MCP tool that decides what would ask. */
  permissionPromptTool?: string;
  /** Claude Code flags given that mean nothing in rein (each is warned about once). */
  meaninglessFlags: string[];
  /** Run bash commands under bubblewrap (also `sandbox.enabled` in agent.config.json). */
  sandbox: boolean;
  help: boolean;
  version: boolean;
}

export { UsageError };



export function parseCliArgs(rawArgv: string[]): CliArgs {
  const { argv, bare, debug, meaningless } = normalizeArgv(rawArgv);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        print: { type: 'string', short: 'p' },
        provider: { type: 'string' },
        model: { type: 'string', short: 'm' },
        'base-url': { type: 'string' },
        'permission-mode': { type: 'string' },
        'max-turns': { type: 'string' },
        thinking: { type: 'string' },
        'output-format': { type: 'string' },
        'input-format': { type: 'string' },
        'system-prompt': { type: 'string' },
        'system-prompt-file': { type: 'string' },
        'append-system-prompt': { type: 'string' },
        record: { type: 'string' },
        replay: { type: 'string' },
        'replay-speed': { type: 'string' },
        'replay-tools': { type: 'string' },
        continue: { type: 'boolean', short: 'c' },
        resume: { type: 'string', short: 'r' },
        'fork-session': { type: 'boolean' },
        team: { type: 'boolean' },
        'mcp-config': { type: 'string', multiple: true },
        'trust-mcp': { type: 'boolean' },
        'trust-project': { type: 'boolean' },
        sandbox: { type: 'boolean' },
        allowedTools: { type: 'string', multiple: true },
        'allowed-tools': { type: 'string', multiple: true },
        disallowedTools: { type: 'string', multiple: true },
        'disallowed-tools': { type: 'string', multiple: true },
        'dangerously-skip-permissions': { type: 'boolean' },
        'add-dir': { type: 'string', multiple: true },
        settings: { type: 'string' },
        'strict-mcp-config': { type: 'boolean' },
        'session-id': { type: 'string' },
        'json-schema': { type: 'string' },
        'fallback-model': { type: 'string' },
        'include-partial-messages': { type: 'boolean' },
        verbose: { type: 'boolean' },
        'no-session-persistence': { type: 'boolean' },
        'max-budget-usd': { type: 'string' },
        agents: { type: 'string' },
        'permission-prompt-tool': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\.$/, '')}; run rein --help for the options.`);
  }
  const v = parsed.values;
  const modeName = v['permission-mode'];
  const named = modeName === undefined ? undefined : permissionModeFor(modeName);
  if (modeName !== undefined && !named) {
    throw new UsageError(`--permission-mode must be one of ${permissionModeNames.join(', ')} (got "${modeName}").`);
  }
  // As in Claude Code, skipping permissions wins over any mode given beside it.
  const mode = v['dangerously-skip-permissions'] ? 'yolo' : named?.mode;
  const format = v['output-format'] ?? 'text';
  if (!['text', 'json', 'stream-json', 'rein-events'].includes(format)) {
    throw new UsageError(`--output-format must be text, json, stream-json or rein-events (got "${format}").`);
  }
  const inputFormat = v['input-format'] ?? 'text';
  if (!['text', 'stream-json'].includes(inputFormat)) {
    throw new UsageError(`--input-format must be text or stream-json (got "${inputFormat}").`);
  }
  if (v['system-prompt'] !== undefined && v['system-prompt-file'] !== undefined) {
    throw new UsageError('Use either --system-prompt or --system-prompt-file, not both.');
  }
  if (v.record !== undefined && v.replay !== undefined) throw new UsageError('Use either --record or --replay, not both.');
  const replaySpeed = v['replay-speed'] === undefined ? 1 : Number(v['replay-speed']);
  if (!Number.isFinite(replaySpeed) || replaySpeed < 0) throw new UsageError(`--replay-speed must be a number ≥ 0 (0 = as fast as possible; got "${v['replay-speed']}").`);
  if (v['replay-speed'] !== undefined && v.replay === undefined) throw new UsageError('--replay-speed goes with --replay <file>.');
  const replayTools = v['replay-tools'] ?? 'real';
  if (replayTools !== 'real' && replayTools !== 'recorded') throw new UsageError(`--replay-tools must be real or recorded (got "${replayTools}").`);
  if (v['replay-tools'] !== undefined && v.replay === undefined) throw new UsageError('--replay-tools goes with --replay <file>.');
  let maxTurns: number | undefined;
  if (v['max-turns'] !== undefined) {
    maxTurns = Number(v['max-turns']);
    if (!Number.isInteger(maxTurns) || maxTurns < 0) throw new UsageError(`--max-turns must be a whole number ≥ 0 (got "${v['max-turns']}").`);
  }
  let thinking: ThinkingSetting | undefined;
  if (v.thinking !== undefined) {
    thinking = parseThinking(v.thinking);
    if (thinking === undefined) throw new UsageError(`--thinking must be off, low, medium, high or a number of tokens of at least 1024 (got "${v.thinking}").`);
  }
  if (v.continue && v.resume !== undefined) throw new UsageError('Use either --continue or --resume <id>, not both.');
  if (v['fork-session'] && !v.continue && v.resume === undefined) {
    throw new UsageError('--fork-session copies a saved session: use it with --resume <id> or --continue.');
  }
  if (v.team && v.print === undefined) throw new UsageError('--team runs headless with -p: rein -p "task" --team (in the full-screen session, type /team <task>).');
  if (v.print !== undefined && v.print.trim() === '') throw new UsageError('-p needs a prompt: rein -p "your task", or -p - to read it from standard input.');
  let prompt = parsed.positionals.join(' ').trim() || undefined;
  let print = v.print;
  // `rein -p "task"` and `rein -p --model x "task"` alike: a bare -p takes the positional prompt.
  if (bare && prompt !== undefined) {
    print = prompt;
    prompt = undefined;
  }
  if (inputFormat === 'stream-json') {
    if (print !== undefined && print !== '-') throw new UsageError('--input-format stream-json reads the messages from standard input: give no prompt with -p.');
    if (prompt !== undefined) throw new UsageError('--input-format stream-json reads the messages from standard input: give no prompt.');
    if (v.team) throw new UsageError('--team takes one task with -p, not --input-format stream-json.');
    print = '-';
  }
  if (prompt !== undefined && print !== undefined) throw new UsageError('Give the task either after -p or on its own (rein "task" opens the TUI with it), not both.');
  const compat = compatFlags(v, print !== undefined);
  return {
    ...compat,
    debug,
    meaninglessFlags: meaningless,
    dontAsk: !v['dangerously-skip-permissions'] && named?.dontAsk === true,
    print,
    prompt,
    provider: v.provider,
    model: v.model,
    baseUrl: v['base-url'],
    permissionMode: mode,
    maxTurns,
    thinking,
    outputFormat: format as OutputFormat,
    inputFormat: inputFormat as InputFormat,
    systemPrompt: v['system-prompt'],
    systemPromptFile: v['system-prompt-file'],
    appendSystemPrompt: v['append-system-prompt'],
    record: v.record,
    replay: v.replay,
    replaySpeed,
    replayTools,
    continue: v.continue ?? false,
    resume: v.resume,
    forkSession: v['fork-session'] ?? false,
    team: v.team ?? false,
    mcpConfig: v['mcp-config'] ?? [],
    trustMcp: v['trust-mcp'] ?? false,
    trustProject: v['trust-project'] ?? false,
    sandbox: v.sandbox ?? false,
    allowedTools: [...(v.allowedTools ?? []), ...(v['allowed-tools'] ?? [])],
    disallowedTools: [...(v.disallowedTools ?? []), ...(v['disallowed-tools'] ?? [])],
    help: v.help ?? false,
    version: v.version ?? false,
  };
}
