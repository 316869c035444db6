// The tools `rein mcp serve` offers (file, search and bash tools) and how one call runs: through the engine's tool
// round, so rein's permission policy, the destructive guard and protected paths judge it as in a headless run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AskAnswer, AskFallback } from '../engine/askFallback.js';
import { ApprovalBroker } from '../engine/approvals.js';
import type { LoopHooks } from '../extensions/hookTypes.js';
import { runToolRound, summarizeCall } from '../engine/toolRound.js';
import { PermissionPolicy } from '../permissions/policy.js';
import type { PermissionRule } from '../permissions/rules.js';
import type { PermissionMode } from '../protocol/events.js';
import { newId } from '../protocol/ids.js';
import type { ToolResultBlock } from '../protocol/messages.js';
import { BackgroundTasks } from '../tools/background.js';
import { builtinTools } from '../tools/builtins.js';
import { FileState } from '../tools/fileState.js';
import { ToolRegistry } from '../tools/runner.js';
import type { AnyTool, ToolSessionState } from '../tools/types.js';
import { omit } from '../util/omit.js';

/** What is served: rein's own working tools, not its conversation tools (todos, questions, plans, background tasks). */
const servedToolNames: readonly string[] = ['read_file', 'edit_file', 'write_file', 'grep', 'glob', 'bash'];

/** A call that would ask, as the client is shown it. */
export interface ServedQuestion {
  toolName: string;
  input: Record<string, unknown>;
  /** The key argument in one line (the path, the command). */
  summary: string;
  /** The change an edit or a write would make, as a unified diff, when the tool can tell. */
  diff?: string;
}

export interface ToolHostOptions {
  cwd: string;
  workspace: string;
  mode: PermissionMode;
  rules: PermissionRule[];
  protectedPaths?: readonly string[];
  protectedWritePaths?: readonly string[];
  /** The tools agent.config.json enables; only those of `servedToolNames` among them are served. */
  enabled: readonly string[];
  /** The user's PreToolUse and PostToolUse hooks (a project's once it is trusted). */
  hooks?: LoopHooks;
  /** Answers a call that would ask: the client's user through an elicitation, or a refusal. */
  ask: (question: ServedQuestion, signal: AbortSignal) => Promise<AskAnswer>;
}

export interface ToolHost {
  /** The server's own folder (oversized outputs); removed by `close`. */
  dir: string;
  tools(): AnyTool[];
  call(name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<ToolResultBlock>;
  close(): Promise<void>;
}

/**
 * bash without `run_in_background`: its output would be read with bash_output, which is not served, and a command
 * left running past the call would outlive the client's view of it.
 */
function servedBash(tool: AnyTool): AnyTool {
  const schema = tool.inputSchema as { properties?: Record<string, unknown> };
  const properties = omit(schema.properties ?? {}, 'run_in_background');
  const description = tool.description.split(/(?<=\. )/).filter((sentence) => !sentence.includes('run_in_background')).join('');
  return { ...tool, description, inputSchema: { ...tool.inputSchema, properties } };
}

export function createToolHost(o: ToolHostOptions): ToolHost {
  const tools = builtinTools
    .filter((tool) => servedToolNames.includes(tool.name) && o.enabled.includes(tool.name))
    .map((tool) => (tool.name === 'bash' ? servedBash(tool) : tool));
  const registry = new ToolRegistry(tools);
  const policy = new PermissionPolicy({
    rules: o.rules, workspace: o.workspace, protectedPaths: o.protectedPaths, protectedWritePaths: o.protectedWritePaths,
  });
  // Oversized outputs are saved here for read_file to page through; it goes when the server stops.
  const sessionDir = mkdtempSync(join(tmpdir(), 'rein-mcp-serve-'));
  const state: ToolSessionState = {
    files: new FileState(),
    todos: [],
    background: new BackgroundTasks({ outputDir: join(sessionDir, 'outputs') }),
    sessionDir,
    extraReadableRoots: [],
    addedDirs: [],
    readRefusal: (absPath) => policy.readRefusal(absPath),
    mayReachPrivateHost: (host) => policy.allowsPrivateHost(host),
  };
  const where = { cwd: o.cwd, workspace: o.workspace };

  const askFallback: AskFallback = async (request, signal) => {
    const tool = registry.get(request.toolName);
    let diff: string | undefined;
    try {
      diff = await tool?.preview?.(request.input, { ...where, signal, state, toolCallId: request.toolUseId, onProgress: () => {} });
    } catch {
      diff = undefined;
    }
    const summary = summarizeCall(tool, request.input, where);
    return o.ask({ toolName: request.toolName, input: request.input, summary, ...(diff ? { diff } : {}) }, signal);
  };

  return {
    dir: sessionDir,
    tools: () => registry.list(),
    async call(name, input, signal) {
      const [block] = await runToolRound({
        registry, rules: policy, broker: new ApprovalBroker(), interactive: false, askFallback, ...where, state, signal,
        runId: newId('run'), mode: o.mode, emit: () => {},
        calls: [{ type: 'tool_use', id: newId('call'), name, input }],
        // What hooks add for a model has no model to go to here; their refusals and rewrites count.
        ...(o.hooks ? { hooks: { loop: o.hooks, state: { context: [] } } } : {}),
      });
      return block;
    },
    async close() {
      await state.background.killAll();
      rmSync(sessionDir, { recursive: true, force: true });
    },
  };
}
