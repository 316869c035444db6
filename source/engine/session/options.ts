// What a live session is built from, and the session the entry points are handed.
import type { MemoryStore } from '../../memory/store.js';
import type { Provider } from '../../providers/types.js';
import type { Message } from '../../protocol/messages.js';
import type { McpSessionSource } from '../../mcp/types.js';
import type { AnyTool } from '../../tools/types.js';
import type { TodoItem } from '../../protocol/tools.js';
import type { AgentEvent, PermissionMode } from '../../protocol/events.js';
import type { PolicyOptions } from '../../permissions/policy.js';
import type { SkillInfo } from '../../extensions/skills.js';
import type { SessionHooks } from '../../extensions/sessionHooks.js';
import type { LoadedInstructionFile } from '../../extensions/hookLifecycle.js';
import type { WatchedConfig } from '../../extensions/configWatch.js';
import type { CompatOptions } from './compat.js';
import type { AgentsPort, CheckpointsPort, ModelResolver, SessionLogPort, SessionStorePort } from './ports.js';
import type { AgentSession } from './capabilities.js';
import type { SessionDiagnostics } from '../../protocol/diagnostics.js';

export interface SessionOptions {
  provider: Provider;
  providerName: string;
  model: string;
  tools: AnyTool[];
  cwd: string;
  workspace: string;
  mode: PermissionMode;
  /** False for headless runs: calls that need approval are denied instead of asked. */
  interactive: boolean;
  maxTokens: number;
  maxTurns: number;
  /** Executed tool calls failing in a row that stop a run (default 8; 0 = no limit). */
  maxConsecutiveToolErrors?: number;
  temperature?: number;
  /** Where this session keeps its files (log, saved outputs). */
  sessionsDir: string;
  sessionId?: string;
  /** The model's window; unset = a known default for the model. */
  contextWindow?: number;
  context?: { dangerRatio?: number; keepRecentToolResults?: number; keepRecentRatio?: number };
  /** Project instructions (AGENTS.md / CLAUDE.md), already cut to their budget. */
  instructions?: string;
  /** --system-prompt(-file) replaces the built-in instructions; --append-system-prompt goes last. */
  systemPrompt?: { replace?: string; append?: string };
  /** Markdown memory: adds the memory tool, its index to the prompt, and its folders to the readable roots. */
  memory?: MemoryStore;
  /** Skills: named in the system prompt, their folders readable by the file tools. */
  skills?: SkillInfo[];
  /** Append-only log of this session; every change is written before it is shown. */
  log?: SessionLogPort;
  /** The saved sessions of this directory: listing, /resume, transcript paths. Unset = none are kept. */
  sessions?: SessionStorePort;
  /** Subagents: the task tool, team mode and agent hooks' verifier. Unset = none. */
  agents?: AgentsPort;
  /** Model aliases a command or agent file may name; unset = names are taken as they are. */
  resolveModel?: ModelResolver;
  /** Permission rules from every settings file, protected paths, and where "always, this project" saves. */
  permissions?: Omit<PolicyOptions, 'workspace'>;
  /** Runs bash commands under bubblewrap; they then run without asking in ask and auto-edit mode. */
  sandbox?: { bwrap: string; network: boolean; protectedFiles: string[] };
  /** Problems found while starting (skipped agent files): shown as warnings when the first run starts. */
  startupWarnings?: string[];
  /** MCP servers (started by the caller, in the background); their tools join the registry between runs. */
  mcp?: McpSessionSource;
  /** User-configured hooks (project ones only once the project is trusted). */
  hooks?: SessionHooks;
  /** Whether the user trusts the project now; a project agent file's own hooks run only then. Unset = not trusted. */
  projectTrusted?: () => boolean;
  /** How long an interactive session waits after a run before the "waiting for your input" Notification (default 60 s). */
  idleNotifyMs?: number;
  /** How long an approval waits before the permission_prompt Notification (default 6 s). */
  approvalNotifyMs?: number;
  /** The instruction files in the system prompt, for InstructionsLoaded. */
  instructionFiles?: LoadedInstructionFile[];
  /** A --fork-session continuation: SessionStart says "fork". */
  forked?: boolean;
  /** Each run's first request waits for MCP servers still starting (MCP_CONNECTION_NONBLOCKING=false, as in Claude Code). */
  waitForMcp?: boolean;
  /** Settings files (and the skills folder) whose changes ConfigChange hooks hear of. */
  configFiles?: readonly WatchedConfig[];
  /** A resumed session's history and todo list. */
  resume?: { history: Message[]; todos: TodoItem[] };
  /** Sees every event first, as it is recorded (the --debug log). */
  observe?: (event: AgentEvent) => void;
  /** What the entry point knows of the set-up (config files, the key's origin, the endpoint, hooks), for /doctor. */
  diagnostics?: SessionDiagnostics;
  /** Folders the file tools may read and write besides the workspace (--add-dir). */
  addDirs?: string[];
  /** What the flags of `claude -p` ask beyond rein's own: dontAsk, a permission prompt tool, a schema, fallbacks, a budget. */
  compat?: CompatOptions;
  /** Workspace checkpoints for /rewind. Unset = none (and no rewind methods). */
  checkpoints?: CheckpointsPort;
  now?: () => Date;
  /** The platform the system prompt names; a replay names the recorded one, as it keeps the recorded date. */
  platform?: string;
}

/** The session the entry points are handed: the capability objects, close(), and the set-up hooks the CLI runs. */
export interface EngineSession extends AgentSession {
  /** Runs the Setup hooks (`--init`, `--init-only`, `--maintenance`); `sessionStart` runs SessionStart "startup" too. */
  runSetupHooks(trigger: 'init' | 'maintenance', sessionStart?: boolean): Promise<void>;
}
