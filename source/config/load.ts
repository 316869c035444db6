// loadConfig: defaults < $REIN_HOME/agent.config.json < ./agent.config.json < environment < flags.
import path from 'node:path';
import { builtInDefaults, finalizeConfig } from './defaults.js';
import { readEnvLayer } from './envLayer.js';
import { readConfigFile } from './fileLayer.js';
import { readFlagsLayer } from './flagsLayer.js';
import { deepMerge } from './merge.js';
import { configFileName, resolveReinHome } from './paths.js';
import type { ConfigFlags, ConfigLayer, Env, ReinConfig } from './types.js';

export interface LoadConfigOptions {
  cwd: string;
  env: Env;
  flags?: ConfigFlags;
  /** Overrides $REIN_HOME / ~/.rein. */
  reinHome?: string;
}

export interface LoadedConfig {
  config: ReinConfig;
  /** The config files that were read, lowest layer first. */
  sources: string[];
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
  for (const file of unique) {
    const layer = readConfigFile(file, opts.env);
    if (!layer) continue;
    sources.push(file);
    merged = deepMerge(merged, layer);
  }
  merged = deepMerge(merged, readEnvLayer(opts.env, cwd));
  merged = deepMerge(merged, readFlagsLayer(opts.flags));

  return { config: finalizeConfig(merged, opts.env, cwd, home), sources };
}
