// Splits a project's agent.config.json into what always applies (narrowing or neutral settings) and what widens
// rein's power, which applies only once the user trusts the project; an API key is never taken from it.
import path from 'node:path';
import type { PermissionMode } from '../protocol/events.js';
import { defaultProtectedPaths, defaultProtectedWritePaths } from './defaults.js';
import { knownToolNames } from './schema.js';
import type { ConfigLayer, WideningSetting } from './types.js';

export interface ProjectLayerContext {
  /** The project file. */
  file: string;
  /** The layers below the project's (built-in defaults and the user's file), merged. */
  baseline: ConfigLayer;
  /** The TUI starts in ask mode, headless runs in yolo: what a project's mode is compared with when no layer set one. */
  interactive: boolean;
}

export interface SplitProjectLayer {
  /** Settings that apply whether or not the project is trusted. */
  applied: ConfigLayer;
  /** Settings that widen what may run, be read, where requests go or what they carry; each applies only once trusted. */
  widening: { setting: WideningSetting; layer: ConfigLayer }[];
  /** Settings a project file may never give, each with the sentence that says so. */
  refused: string[];
}

const modeRank: Record<PermissionMode, number> = { plan: 0, ask: 1, 'auto-edit': 2, yolo: 3 };

const isWithin = (child: string, root: string) => {
  const rel = path.relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
};

export function splitProjectLayer(layer: ConfigLayer, ctx: ProjectLayerContext): SplitProjectLayer {
  const { apiKey, baseUrl, permissionMode, tools, security, memory, permissions, sandbox, webSearch, ...neutral } = layer;
  const applied: ConfigLayer = { ...neutral };
  const widening: SplitProjectLayer['widening'] = [];
  const refused: string[] = [];
  const widen = (key: string, shown: string, part: ConfigLayer, kind: WideningSetting['kind'] = 'setting') =>
    widening.push({ setting: { key, file: ctx.file, shown, kind }, layer: part });

  if (apiKey !== undefined) {
    refused.push(`"apiKey" in ${ctx.file} is ignored: an API key never comes from a project's file; put it in $REIN_HOME/agent.config.json or the provider's environment variable.`);
  }
  if (baseUrl !== undefined && baseUrl !== ctx.baseline.baseUrl) widen('baseUrl', `this project sends your requests to ${baseUrl}`, { baseUrl }, 'endpoint');
  if (webSearch !== undefined) {
    const { apiKey: searchKey, ...backend } = webSearch;
    if (searchKey !== undefined) refused.push(`"webSearch.apiKey" in ${ctx.file} is ignored: a key never comes from a project's file; put it in $REIN_HOME/agent.config.json or the backend's environment variable.`);
    // Where searches go is the project's to propose and the user's to trust.
    widen('webSearch', `this project sends your web searches to ${backend.url ?? backend.backend}`, { webSearch: backend }, 'endpoint');
  }

  if (permissionMode !== undefined) {
    const current = ctx.baseline.permissionMode ?? (ctx.interactive ? 'ask' : 'yolo');
    if (modeRank[permissionMode] > modeRank[current]) widen('permissionMode', `permissionMode: ${permissionMode}`, { permissionMode });
    else applied.permissionMode = permissionMode;
  }

  if (tools !== undefined) {
    const before = new Set(ctx.baseline.tools ?? knownToolNames);
    const added = tools.filter((t) => !before.has(t));
    // Turning tools off always applies; turning on one the user's settings leave off needs trust.
    applied.tools = tools.filter((t) => before.has(t));
    if (added.length > 0) widen('tools', `tools: turns on ${added.join(', ')}`, { tools });
  }

  const baseWorkspace = ctx.baseline.security?.workspace;
  if (security?.workspace !== undefined) {
    if (baseWorkspace !== undefined && isWithin(security.workspace, baseWorkspace)) applied.security = { workspace: security.workspace };
    else widen('security.workspace', `security.workspace: ${security.workspace} (file tools reach beyond this folder)`, { security: { workspace: security.workspace } });
  }

  if (memory?.dir !== undefined) {
    if (baseWorkspace !== undefined && isWithin(memory.dir, baseWorkspace)) applied.memory = { dir: memory.dir };
    else widen('memory.dir', `memory.dir: ${memory.dir} (the memory tool reads and writes there)`, { memory: { dir: memory.dir } });
  }

  if (permissions !== undefined) {
    // Rules (allow, ask, deny) are read per layer by the rule loader, which holds back a project's allow rules.
    const { protectedPaths, protectedWritePaths, ...rules } = permissions;
    const listed: NonNullable<ConfigLayer['permissions']> = { ...rules };
    const protect = (key: 'protectedPaths' | 'protectedWritePaths', given: string[] | undefined, defaults: readonly string[]) => {
      if (given === undefined) return;
      const before = ctx.baseline.permissions?.[key] ?? [...defaults];
      const dropped = before.filter((p) => !given.includes(p));
      // More protected paths always apply; fewer need trust.
      listed[key] = [...new Set([...before, ...given])];
      if (dropped.length > 0) widen(`permissions.${key}`, `permissions.${key}: no longer protects ${dropped.join(', ')}`, { permissions: { [key]: given } });
    };
    protect('protectedPaths', protectedPaths, defaultProtectedPaths);
    protect('protectedWritePaths', protectedWritePaths, defaultProtectedWritePaths);
    applied.permissions = listed;
  }

  if (sandbox !== undefined) {
    const { enabled, network } = sandbox;
    const part: NonNullable<ConfigLayer['sandbox']> = {};
    if (enabled === true || (enabled === false && ctx.baseline.sandbox?.enabled !== true)) part.enabled = enabled;
    else if (enabled === false) widen('sandbox.enabled', 'sandbox.enabled: false (turns your sandbox off)', { sandbox: { enabled } });
    if (network === false || (network === true && ctx.baseline.sandbox?.network === true)) part.network = network;
    else if (network === true) widen('sandbox.network', 'sandbox.network: true (sandboxed commands reach the network)', { sandbox: { network } });
    if (Object.keys(part).length > 0) applied.sandbox = part;
  }
  return { applied, widening, refused };
}
