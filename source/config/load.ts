// loadConfig: defaults < $REIN_HOME/agent.config.json < ./agent.config.json < environment < flags.
import path from 'node:path';
import { builtInDefaults, finalizeConfig } from './defaults.js';
import { readEnvLayer } from './envLayer.js';
import { readConfigFile } from './fileLayer.js';
import { readFlagsLayer } from './flagsLayer.js';
import { deepMerge } from './merge.js';
import { configFileName, resolveReinHome } from './paths.js';
import { splitProjectLayer } from './projectLayer.js';
import type { ConfigFlags, ConfigLayer, Env, McpServersLayer, ReinConfig, WideningSetting } from './types.js';

export interface LoadConfigOptions {
  cwd: string;
  env: Env;
  flags?: ConfigFlags;
  /** Overrides $REIN_HOME / ~/.rein. */
  reinHome?: string;
  /** Whether the project's settings that widen rein's power apply (see projectLayer.ts); default false. */
  projectTrusted?: boolean;
  /** The TUI (true, the default) starts in ask mode and headless runs in yolo: a project's mode is judged against that. */
  interactive?: boolean;
}

export interface LoadedConfig {
  config: ReinConfig;
  /** The config files that were read, lowest layer first. */
  sources: string[];
  /** Where `baseUrl` was set, for error messages: "the --base-url flag", "REIN_BASE_URL" or "`baseUrl` in <file>". */
  baseUrlFrom?: string;
  /** `mcpServers` of each config file that has them, lowest layer first (not merged: their scope matters for trust). */
  mcpServers: McpServersLayer[];
  /** Each file layer's `permissions`, lowest first: rules add up across layers, each keeping its file. */
  permissionLayers: { source: string; scope: 'user' | 'project'; permissions: unknown }[];
  /** Each file layer's `hooks`, lowest first (not merged: every layer's hooks run, and project ones need trust). */
  hookLayers: { file: string; scope: 'user' | 'project'; hooks: unknown }[];
  /** The project file's settings that need trust (applied only when `projectTrusted`). */
  projectWidening: WideningSetting[];
  /** One sentence for each project setting left out whatever the trust (an API key, a `${VAR}`). */
  projectRefused: string[];
}

/** Reads and merges every layer. Throws ConfigError with a one-sentence message on any problem. */
export function loadConfig(opts: LoadConfigOptions): LoadedConfig {
  const cwd = path.resolve(opts.cwd);
  const home = path.resolve(opts.reinHome ?? resolveReinHome(opts.env));
  const files = [path.join(home, configFileName), path.join(cwd, configFileName)];
  // Running inside REIN_HOME itself must not read the same file twice.
  const unique = files.filter((file, i) => files.indexOf(file) === i);

  let merged: ConfigLayer = builtInDefaults(cwd);
  const sources: string[] = [];
  let baseUrlFrom: string | undefined;
  const mcpServers: McpServersLayer[] = [];
  const permissionLayers: LoadedConfig['permissionLayers'] = [];
  const hookLayers: LoadedConfig['hookLayers'] = [];
  const projectWidening: WideningSetting[] = [];
  const projectRefused: string[] = [];
  for (const file of unique) {
    const scope = file === files[0] ? 'user' : 'project';
    const read = readConfigFile(file, opts.env, { project: scope === 'project', refused: projectRefused });
    if (!read) continue;
    sources.push(file);
    const { mcpServers: servers, hooks, ...written } = read;
    let layer: ConfigLayer = written;
    if (scope === 'project') {
      const split = splitProjectLayer(written, { file, baseline: merged, interactive: opts.interactive ?? true });
      projectRefused.push(...split.refused);
      projectWidening.push(...split.widening.map((w) => w.setting));
      layer = opts.projectTrusted ? split.widening.reduce((acc, w) => deepMerge(acc, w.layer), split.applied) : split.applied;
    }
    if (hooks !== undefined) hookLayers.push({ file, scope, hooks });
    if (servers !== undefined) mcpServers.push({ file, scope, servers });
    if (written.permissions !== undefined) permissionLayers.push({ source: file, scope, permissions: written.permissions });
    if (layer.baseUrl !== undefined) baseUrlFrom = `\`baseUrl\` in ${file}`;
    merged = deepMerge(merged, layer);
  }
  const envLayer = readEnvLayer(opts.env, cwd);
  if (envLayer.baseUrl !== undefined) baseUrlFrom = 'REIN_BASE_URL';
  const flagsLayer = readFlagsLayer(opts.flags);
  if (flagsLayer.baseUrl !== undefined) baseUrlFrom = 'the --base-url flag';
  merged = deepMerge(deepMerge(merged, envLayer), flagsLayer);

  const config = finalizeConfig(merged, opts.env, cwd, home);
  return { config, sources, mcpServers, permissionLayers, hookLayers, projectWidening, projectRefused, ...(baseUrlFrom !== undefined && config.baseUrl !== undefined ? { baseUrlFrom } : {}) };
}
