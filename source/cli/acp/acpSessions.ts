// Opens a rein session for an editor's session/new or session/load, the way a headless run does, in the editor's folder.
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { RequestError, type McpServer, type SessionMode } from '@agentclientprotocol/sdk';
import { parseCliArgs } from '../args.js';
import { resolveApiKey, resolveReinHome } from '../../config/index.js';
import { addSecrets } from '../../util/redact.js';
import { openSession } from '../openSession.js';
import { loadTrustedConfig } from '../projectTrust.js';
import type { FileAccess } from '../../tools/types.js';
import { permissionModes, type AgentEvent, type PermissionMode } from '../../protocol/events.js';

const modeNames: Record<PermissionMode, [string, string]> = {
  ask: ['Ask', 'Asks before edits and commands'],
  'auto-edit': ['Auto-edit', 'Edits files without asking; asks before commands'],
  plan: ['Plan', 'Reads and plans; changes nothing'],
  yolo: ['Yolo', 'Runs everything without asking'],
};

export const availableModes: SessionMode[] = permissionModes.map((id) => ({ id, name: modeNames[id][0], description: modeNames[id][1] }));

export const isMode = (id: string): id is PermissionMode => (permissionModes as readonly string[]).includes(id);

/** The editor's MCP servers in rein's --mcp-config shape, so they join the configured ones under the same rules. */
export function mcpConfigOf(servers: McpServer[]): string | undefined {
  if (servers.length === 0) return undefined;
  const pairs = (list: Array<{ name: string; value: string }>) => Object.fromEntries(list.map((p) => [p.name, p.value]));
  const entries = servers.map((s): [string, Record<string, unknown>] => {
    if ('type' in s && (s.type === 'http' || s.type === 'sse')) return [s.name, { type: s.type, url: s.url, headers: pairs(s.headers) }];
    return [s.name, { command: s.command, args: s.args, env: pairs(s.env) }];
  });
  return JSON.stringify({ mcpServers: Object.fromEntries(entries) });
}

export interface AcpOpenRequest {
  /** rein's own flags given after `rein acp` (provider, model, --trust-project...). */
  argv: string[];
  cwd: string;
  mcpServers: McpServer[];
  /** session/load: the saved session to continue. */
  resume?: string;
  version: string;
  /** The editor's buffers, when it offers them: the file tools go through it. */
  files?: FileAccess;
}

export async function openAcpSession(r: AcpOpenRequest) {
  if (!isAbsolute(r.cwd)) throw RequestError.invalidParams(undefined, `cwd must be an absolute path, not "${r.cwd}".`);
  let isDir = false;
  try {
    isDir = statSync(r.cwd).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw RequestError.invalidParams(undefined, `${r.cwd} is not a folder; open a project folder in the editor.`);
  const parsed = parseCliArgs(r.argv);
  const clientMcp = mcpConfigOf(r.mcpServers);
  const args = {
    ...parsed,
    mcpConfig: clientMcp ? [...parsed.mcpConfig, clientMcp] : parsed.mcpConfig,
    ...(r.resume !== undefined ? { resume: r.resume, continue: false } : {}),
  };
  // The session's files, config and tools are all found from the working folder; each session opens in its own.
  process.chdir(r.cwd);
  const env = process.env;
  const reinHome = resolveReinHome(env);
  // Nobody can be asked about the project here: it is trusted with --trust-project, as in a headless run.
  const decided = await loadTrustedConfig({
    cwd: r.cwd, env, reinHome, args, interactive: false,
    flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns, permissionMode: args.permissionMode, thinking: args.thinking },
  });
  if (decided === 'quit') throw RequestError.internalError(undefined, 'The project was not opened.');
  const key = resolveApiKey(decided.loaded.config, env);
  if (!key.ok) throw RequestError.authRequired(undefined, key.message);
  addSecrets(key.apiKey);
  // Interactive: the editor answers approvals, as a person at the TUI would.
  const opened = openSession({ loaded: decided.loaded, args, key, interactive: true, reinHome, trust: decided.trust, version: r.version, files: r.files });
  const notices: string[] = [...decided.trust.notices(), ...(opened.resumed?.warnings ?? [])];
  const history: AgentEvent[] = opened.resumed?.events ?? [];
  return { session: opened.session, sessionsDir: opened.sessionsDir, notices, history };
}
