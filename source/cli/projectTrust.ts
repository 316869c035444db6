// Gathers everything the project in the working directory asks to be trusted with, from every file that can ask,
// so one question (or, headless, --trust-project) decides it before any of it is used.
import type { CliArgs } from './args.js';
import { loadConfig, type Env, type LoadConfigOptions, type LoadedConfig } from '../config/index.js';
import { describeHook, loadHooks } from '../extensions/hookConfig.js';
import { statusLineOf } from '../extensions/statusLineConfig.js';
import { loadMcpServers } from '../mcp/config.js';
import { describeWritten } from '../mcp/manager.js';
import { loadPermissionRules, readClaudeSettings, type ClaudeSettingsFile } from '../permissions/ruleSources.js';
import type { PermissionRule } from '../permissions/rules.js';
import { ProjectTrust } from '../trust/projectTrust.js';
import type { TrustDecision, TrustItem, TrustRequest } from '../trust/request.js';
import { instructionsFor } from './instructions.js';
import { loadFolders, type LoadedFolders } from './extensionSetup.js';
import { isProjectFile } from '../extensions/commandFile.js';
import { findShellCommands } from '../extensions/commandExpand.js';

export interface ProjectTrustInput {
  projectDir: string;
  reinHome: string;
  env: Env;
  /** The configuration as loaded without trust. */
  loaded: LoadedConfig;
  settings: ClaudeSettingsFile[];
  /** A project's allow rules the rule loader held back. */
  heldBackRules: PermissionRule[];
  /** Instruction imports (or linked instruction files) that lead outside the project. */
  untrustedImports: { file: string; import: string; realPath: string }[];
  /** The commands, skills and agents of .claude/ and .rein/: a project's may grant tools, run shell lines or bring hooks. */
  folders?: Pick<LoadedFolders, 'commands' | 'agents'>;
  /** --mcp-config: its servers are the user's own. */
  mcpConfigs?: string[];
  /** --strict-mcp-config: only those servers, none of the project's. */
  strictMcpConfig?: boolean;
  /** --trust-project. */
  trustProject: boolean;
  /** --trust-mcp: the project's MCP servers start without asking, so they are not part of the question. */
  trustMcp: boolean;
  interactive: boolean;
}

export function projectTrustItems(o: ProjectTrustInput): TrustItem[] {
  const items: TrustItem[] = o.loaded.projectWidening.map((w) => ({ kind: w.kind, name: w.key, file: w.file, definition: w.shown }));
  for (const rule of o.heldBackRules) items.push({ kind: 'setting', name: 'permissions.allow', file: rule.source, definition: `allow ${rule.text}` });
  for (const s of o.settings) {
    if (s.scope === 'project' && s.settings?.disableAllHooks === true) {
      items.push({ kind: 'setting', name: 'disableAllHooks', file: s.file, definition: 'disableAllHooks: true (turns off your own hooks too)' });
    }
    // A status line is a command rein runs again and again: from a project file it waits for trust like a hook.
    const statusLine = s.scope === 'project' ? statusLineOf(s.settings) : undefined;
    if (statusLine) items.push({ kind: 'setting', name: 'statusLine', file: s.file, definition: `statusLine: ${statusLine.command}` });
  }
  if (!o.trustMcp && !o.strictMcpConfig) {
    const { servers } = loadMcpServers({ projectDir: o.projectDir, layers: o.loaded.mcpServers, flagConfigs: o.mcpConfigs, env: o.env });
    for (const s of servers) if (s.scope === 'project') items.push({ kind: 'mcp', name: s.name, file: s.file, definition: describeWritten(s.written, s.spec) });
  }
  const hookSources = [
    ...o.loaded.hookLayers,
    ...o.settings.filter((s) => s.settings?.hooks !== undefined).map((s) => ({ file: s.file, scope: s.scope, hooks: s.settings?.hooks })),
  ];
  for (const hook of loadHooks(hookSources).hooks) {
    if (hook.scope !== 'project') continue;
    const name = hook.matcher && hook.matcher !== '*' ? `${hook.event} ${hook.matcher}` : hook.event;
    items.push({ kind: 'hook', name, file: hook.file, definition: describeHook(hook) });
  }
  for (const i of o.untrustedImports) items.push({ kind: 'import', name: i.import, file: i.file, definition: i.realPath });
  for (const command of o.folders?.commands ?? []) {
    if (!isProjectFile(command)) continue;
    if (command.allowedTools.length > 0) items.push({ kind: 'setting', name: `/${command.name}`, file: command.file, definition: `/${command.name} runs with ${command.allowedTools.map((r) => r.text).join(', ')} allowed` });
    for (const spot of findShellCommands(command.body)) items.push({ kind: 'hook', name: `/${command.name}`, file: command.file, definition: spot.command });
    for (const hook of command.hooks) items.push({ kind: 'hook', name: `/${command.name} ${hook.event}`, file: command.file, definition: hook.command });
  }
  for (const agent of o.folders?.agents?.agents ?? []) {
    if (agent.scope !== 'project') continue;
    for (const hook of agent.hooks ?? []) items.push({ kind: 'hook', name: `agent ${agent.name} ${hook.event}`, file: hook.file, definition: hook.command });
  }
  return items;
}

function projectTrustFor(o: ProjectTrustInput): ProjectTrust {
  return new ProjectTrust({ projectDir: o.projectDir, reinHome: o.reinHome, items: projectTrustItems(o), forced: o.trustProject, interactive: o.interactive });
}

export interface TrustedConfigInput {
  cwd: string;
  env: Env;
  reinHome: string;
  flags: LoadConfigOptions['flags'];
  args: Pick<CliArgs, 'allowedTools' | 'disallowedTools' | 'mcpConfig' | 'strictMcpConfig' | 'trustProject' | 'trustMcp'>;
  interactive: boolean;
  /** The session asks by default though nobody is at a screen (the SDK): a project's permissionMode above ask waits for trust. */
  asksByDefault?: boolean;
  /** Puts the question to the user (the TUI's trust screen); `quit` when they quit rein instead of answering. */
  ask?: (request: TrustRequest) => Promise<TrustDecision | 'quit'>;
}

/**
 * Loads the configuration as an untrusted project would have it, decides trust (asking when the project asks for
 * something and has no answer on record), and loads it again with the project's settings when it is trusted.
 */
export async function loadTrustedConfig(o: TrustedConfigInput): Promise<{ loaded: LoadedConfig; trust: ProjectTrust } | 'quit'> {
  const asks = o.asksByDefault ?? o.interactive;
  const untrusted = loadConfig({ cwd: o.cwd, env: o.env, reinHome: o.reinHome, flags: o.flags, interactive: asks });
  const { config } = untrusted;
  const workspace = config.security.workspace;
  const settings = readClaudeSettings(workspace);
  const rules = loadPermissionRules({ workspace, configLayers: untrusted.permissionLayers, allowedTools: o.args.allowedTools, disallowedTools: o.args.disallowedTools, settings });
  const imports = instructionsFor({ cwd: o.cwd, reinHome: o.reinHome, config, model: config.model, rules: rules.rules, projectTrusted: false }).untrustedImports;
  const folders = loadFolders({ workspace, cwd: o.cwd, reinHome: o.reinHome, projectTrusted: () => false, tools: config.tools });
  const trust = projectTrustFor({
    projectDir: o.cwd, reinHome: o.reinHome, env: o.env, loaded: untrusted, settings, heldBackRules: rules.heldBack, untrustedImports: imports, folders,
    mcpConfigs: o.args.mcpConfig, strictMcpConfig: o.args.strictMcpConfig, trustProject: o.args.trustProject, trustMcp: o.args.trustMcp, interactive: o.interactive,
  });
  const request = trust.request();
  if (request && o.ask) {
    const answer = await o.ask(request);
    if (answer === 'quit') return 'quit';
    trust.answer(answer);
  }
  if (!trust.trusted) return { loaded: untrusted, trust };
  return { loaded: loadConfig({ cwd: o.cwd, env: o.env, reinHome: o.reinHome, flags: o.flags, interactive: asks, projectTrusted: true }), trust };
}
