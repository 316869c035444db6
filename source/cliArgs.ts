// Command-line parsing for `rein`: flags shared by the TUI and headless `-p` mode.
import { parseArgs } from 'node:util';
import type { PermissionMode } from './engine/events.js';
import { permissionModes } from './engine/events.js';
import { parseThinking } from './providers/thinking.js';
import type { ThinkingSetting } from './providers/types.js';

export type OutputFormat = 'text' | 'json' | 'stream-json';
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
  /** --mcp-config <file>: MCP servers for this run, in .mcp.json's format. */
  mcpConfig?: string;
  /** --trust-mcp: start the project's MCP servers without asking (for this run). */
  trustMcp: boolean;
  /** --trust-project: run this project's hooks and start its MCP servers without asking (for this run). */
  trustProject: boolean;
  /** Rules in Claude Code's syntax that allow (or deny) tool calls, as with its --allowedTools / --disallowedTools. */
  allowedTools: string[];
  disallowedTools: string[];
  /** Run bash commands under bubblewrap (also `sandbox.enabled` in agent.config.json). */
  sandbox: boolean;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

export const helpText = `rein — a terminal coding agent

Usage:
  rein                      open the full-screen session in this directory
  rein "task"               open it with this first message sent
  rein -p "task"            run one task headless and print the answer
  rein -p - < task.txt      read the headless prompt from standard input (so does a bare -p)
  rein --continue           pick up the latest session in this directory (works with -p too)
  rein mcp <command>        manage MCP servers: list, get, add, remove (rein mcp --help)
  rein sessions <command>   saved sessions: list, export <id> --format md (rein sessions --help)

Options:
  -p, --print <prompt>        run headless with this prompt ('-' reads standard input)
      --provider <name>       anthropic | openai (any OpenAI-compatible server)
  -m, --model <name>          model name, e.g. claude-sonnet-5-5, gpt-4.1, deepseek-chat
      --base-url <url>        API root: http://host:port for Anthropic, http://host:port/v1 for OpenAI-compatible
      --permission-mode <m>   ask | auto-edit | plan | yolo (TUI default ask, headless default yolo)
      --max-turns <n>         stop after n model turns (0 = unlimited, default 50)
      --thinking <t>          reasoning: off | low | medium | high, or a thinking-token budget such as 8000
      --output-format <f>     headless output: text | json | stream-json (default text)
      --input-format <f>      headless input: text | stream-json (user messages as JSON lines on standard input)
      --system-prompt <text>  replace rein's built-in instructions with this text (environment and project facts stay)
      --system-prompt-file <path>  the same, read from a file
      --append-system-prompt <text>  add this text at the end of the system prompt
      --record <file>         record every model call (request hashes, streamed events, timing) as JSON lines
      --replay <file>         answer from a recording instead of a provider: no key, no network
      --replay-speed <n>      replay n times faster than recorded (0 = at once; default 1)
      --replay-tools <t>      real (run the tools again, the default) or recorded (their recorded results, nothing runs)
      --allowedTools <rules>  allow these without asking, e.g. "Bash(npm test:*) Read" (repeatable)
      --disallowedTools <r>   deny these, in every mode, e.g. "Bash(git push:*)" (repeatable)
      --sandbox               run bash commands under bubblewrap: workspace writable, the rest read-only, no network
      --team                  with -p: a planner, parallel workers and a reviewer take the task on together
      --mcp-config <file>     MCP servers for this run, in .mcp.json's format ({"mcpServers": {...}})
      --trust-mcp             start this project's MCP servers (.mcp.json, ./agent.config.json) without asking
      --trust-project         trust this project for this run: its hooks run and its MCP servers start without asking
  -c, --continue              resume the latest session started in this directory
  -r, --resume <id>           resume the session with this id (a unique prefix is enough)
      --fork-session          with --continue or --resume: continue under a new session id, leaving the old one as it was
  -v, --version               print the version
  -h, --help                  print this help

Keys come from ANTHROPIC_API_KEY, OPENAI_API_KEY or DEEPSEEK_API_KEY, or "apiKey" in agent.config.json.
Exit codes: 0 success, 1 the run ended in an error, 2 bad usage or configuration.`;

/**
 * A bare -p (last, or followed by another option), as scripts written for `claude -p` pass it, means headless
 * with the prompt from the positional words or standard input: it becomes `-p -` or takes the positional prompt.
 */
function barePrint(argv: string[]): { argv: string[]; bare: boolean } {
  const at = argv.findIndex((a) => a === '-p' || a === '--print');
  if (at < 0) return { argv, bare: false };
  const next = argv[at + 1];
  if (next !== undefined && (next === '-' || !next.startsWith('-'))) return { argv, bare: false };
  return { argv: [...argv.slice(0, at), '--print=-', ...argv.slice(at + 1)], bare: true };
}

export function parseCliArgs(rawArgv: string[]): CliArgs {
  const { argv, bare } = barePrint(rawArgv);
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
        'mcp-config': { type: 'string' },
        'trust-mcp': { type: 'boolean' },
        'trust-project': { type: 'boolean' },
        sandbox: { type: 'boolean' },
        allowedTools: { type: 'string', multiple: true },
        'allowed-tools': { type: 'string', multiple: true },
        disallowedTools: { type: 'string', multiple: true },
        'disallowed-tools': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\.$/, '')}; run rein --help for the options.`);
  }
  const v = parsed.values;
  const mode = v['permission-mode'];
  if (mode !== undefined && !permissionModes.includes(mode as PermissionMode)) {
    throw new UsageError(`--permission-mode must be one of ${permissionModes.join(', ')} (got "${mode}").`);
  }
  const format = v['output-format'] ?? 'text';
  if (!['text', 'json', 'stream-json'].includes(format)) {
    throw new UsageError(`--output-format must be text, json or stream-json (got "${format}").`);
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
  return {
    print,
    prompt,
    provider: v.provider,
    model: v.model,
    baseUrl: v['base-url'],
    permissionMode: mode as PermissionMode | undefined,
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
    mcpConfig: v['mcp-config'],
    trustMcp: v['trust-mcp'] ?? false,
    trustProject: v['trust-project'] ?? false,
    sandbox: v.sandbox ?? false,
    allowedTools: [...(v.allowedTools ?? []), ...(v['allowed-tools'] ?? [])],
    disallowedTools: [...(v.disallowedTools ?? []), ...(v['disallowed-tools'] ?? [])],
    help: v.help ?? false,
    version: v.version ?? false,
  };
}
