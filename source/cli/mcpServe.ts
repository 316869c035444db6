// `rein mcp serve`: rein's file, search and bash tools over MCP on stdio, judged by rein's permission policy; standard
// output carries nothing but protocol messages, notices go to standard error.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UsageError } from './args.js';
import { loadTrustedConfig } from './projectTrust.js';
import { installShutdown } from './shutdown.js';
import type { Env } from '../config/index.js';
import { describeProblem } from '../permissions/rules.js';
import { loadPermissionRules, readClaudeSettings } from '../permissions/ruleSources.js';
import type { PermissionMode } from '../protocol/events.js';
import { newSessionId } from '../protocol/ids.js';
import { setupHooks } from '../extensions/hookSetup.js';
import { elicitationAsk } from './mcpServeAsk.js';
import { createToolHost } from './mcpServeTools.js';
import { errorMessage } from '../util/errors.js';

export const mcpServeHelpText = `rein mcp serve — rein's tools for other programs, over MCP on stdio

Usage:
  rein mcp serve [--permission-mode ask|auto-edit|plan|yolo] [--trust-project]

Serves read_file, edit_file, write_file, grep, glob and bash in the current directory. Each call is judged by
rein's permission rules as in a headless run; what would ask goes to the client as an elicitation, and is
refused when the client does not support one.

Options:
  --permission-mode <mode>  ask (default), auto-edit, plan or yolo; deny rules, protected paths and the
                            destructive-command guard hold in every mode
  --trust-project           use this project's settings that widen what may run (its allow rules)
  -h, --help                this text`;

const modes: readonly PermissionMode[] = ['ask', 'auto-edit', 'plan', 'yolo'];

export interface McpServeIo {
  cwd: string;
  env: Env;
  reinHome: string;
  version: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function parseServeArgs(argv: string[]): { help: boolean; mode: PermissionMode; trustProject: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv, allowPositionals: false, strict: true,
      options: { 'permission-mode': { type: 'string' }, 'trust-project': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new UsageError(`${errorMessage(error)}; see rein mcp serve --help.`);
  }
  const mode = values['permission-mode'] ?? 'ask';
  if (!modes.includes(mode as PermissionMode)) throw new UsageError(`--permission-mode must be one of ${modes.join(', ')}, not "${mode}".`);
  return { help: values.help === true, mode: mode as PermissionMode, trustProject: values['trust-project'] === true };
}

/** Serves until the client closes standard input; resolves with the exit code. */
export async function runMcpServe(argv: string[], io: McpServeIo): Promise<number> {
  const args = parseServeArgs(argv);
  if (args.help) {
    io.stdout(`${mcpServeHelpText}\n`);
    return 0;
  }
  // Trust is decided as for a headless run: nobody is asked, and only --trust-project lets the project widen anything.
  const decided = await loadTrustedConfig({
    cwd: io.cwd, env: io.env, reinHome: io.reinHome, interactive: false, flags: {},
    args: { allowedTools: [], disallowedTools: [], mcpConfig: [], strictMcpConfig: false, trustProject: args.trustProject, trustMcp: false },
  });
  if (decided === 'quit') return 0;
  const { loaded, trust } = decided;
  const { config } = loaded;
  const workspace = config.security.workspace;
  const settings = readClaudeSettings(workspace);
  const loadedRules = loadPermissionRules({ workspace, configLayers: loaded.permissionLayers, settings, projectTrusted: trust.trusted });
  // Hooks see a session of their own; there is no transcript, so its path names a file that does not exist.
  const sessionId = newSessionId();
  const transcriptPath = join(io.reinHome, 'mcp-serve', `${sessionId}.jsonl`);
  const hooks = setupHooks({
    layers: loaded.hookLayers, settings, projectDir: workspace, cwd: io.cwd, reinHome: io.reinHome, sessionId, transcriptPath, projectTrusted: trust.trusted,
  });
  if (hooks.hooks) {
    hooks.hooks.bindMode(() => args.mode);
    hooks.hooks.warn = (message) => io.stderr(`rein: ${message}\n`);
  }
  for (const notice of [...loaded.projectRefused, ...trust.notices(), ...loadedRules.problems.map(describeProblem), ...hooks.warnings]) io.stderr(`rein: ${notice}\n`);

  const shutdown = installShutdown({ write: io.stderr });
  const server = new Server({ name: 'rein', version: io.version }, { capabilities: { tools: {} } });
  const host = createToolHost({
    cwd: io.cwd, workspace, mode: args.mode, rules: loadedRules.rules, enabled: config.tools,
    protectedPaths: config.permissions?.protectedPaths, protectedWritePaths: config.permissions?.protectedWritePaths,
    hooks: hooks.hooks?.forLoop(false), ask: elicitationAsk(server, args.mode),
  });
  // On a signal there is no waiting for close(): the output folder goes with the process all the same.
  shutdown.addCleanup(() => rmSync(host.dir, { recursive: true, force: true }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: host.tools().map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as { type: 'object' },
      annotations: { readOnlyHint: tool.readOnly, openWorldHint: tool.name === 'bash' },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const block = await host.call(request.params.name, request.params.arguments ?? {}, extra.signal);
    return {
      content: [
        { type: 'text', text: block.content },
        ...(block.images ?? []).map((image) => ({ type: 'image' as const, data: image.data, mimeType: image.mediaType })),
      ],
      ...(block.isError ? { isError: true } : {}),
    };
  });

  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    // The SDK's transport does not notice the end of its input: the client going away ends the server.
    process.stdin.once('end', () => void server.close());
    process.stdin.once('close', () => void server.close());
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await host.close();
  await shutdown.finish();
  return 0;
}
