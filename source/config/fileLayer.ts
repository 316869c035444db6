// Reads one agent.config.json: parse, expand ${VAR}s, validate, and make its workspace absolute.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './errors.js';
import { InterpolationError, interpolateTree, withoutReferences } from './interpolate.js';
import { parseJson } from './jsonSyntax.js';
import { resolveWorkspace } from './paths.js';
import { checkLayer } from './schema.js';
import { isKeyProblem, resolveKeyBindings } from './keys.js';
import { formatSchemaError, type LayerLabel } from './schemaErrors.js';
import type { ConfigLayer, Env } from './types.js';
import { errorMessage } from '../util/errors.js';
import { omit } from '../util/omit.js';

function fileLabel(file: string): LayerLabel {
  return { file, describe: (at) => (at ? `Invalid config in ${file} at ${at}` : `Invalid config in ${file}`) };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A missing file is simply a layer that is not there.
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    const reason =
      code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : errorMessage(err);
    throw new ConfigError(`Cannot read config file ${file} (${reason}): fix or remove it.`, file);
  }
}

export interface ReadConfigOptions {
  /** A project's file expands no `${VAR}` outside its MCP servers and hooks: such a value is left out, with a sentence in `refused`. */
  project?: boolean;
  refused?: string[];
}

/** The layer in `file`, or undefined when the file does not exist. Throws ConfigError for anything wrong in it. */
export function readConfigFile(file: string, env: Env, opts: ReadConfigOptions = {}): ConfigLayer | undefined {
  const text = readText(file);
  // A file of no bytes at all is the mount point the sandbox makes while a command runs: the same as no file.
  if (text === undefined || text.length === 0) return undefined;

  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { problem, line, column } = parsed.problem;
    throw new ConfigError(`${file} is not valid JSON: ${problem} at line ${line}, column ${column}.`, file);
  }

  const label = fileLabel(file);
  let expanded: unknown = parsed.value;
  if (expanded !== null && typeof expanded === 'object' && !Array.isArray(expanded)) {
    // $schema is only an editor hint; never expand or validate its contents. MCP server entries are expanded one
    // by one when the servers start, so an unset variable leaves out that one server instead of failing the file.
    // Hook commands are shell lines: the shell expands their variables ($CLAUDE_PROJECT_DIR) when they run.
    const { mcpServers, hooks, ...rest } = omit(expanded as Record<string, unknown>, '$schema');
    try {
      if (opts.project) {
        const dropped: string[] = [];
        expanded = withoutReferences(rest, dropped);
        for (const at of dropped) {
          opts.refused?.push(`The value at ${at} in ${file} is ignored: a project's file may not name environment variables (\${…}) outside its MCP servers and hooks; set it in $REIN_HOME/agent.config.json instead.`);
        }
      } else expanded = interpolateTree(rest, env);
    } catch (err) {
      if (err instanceof InterpolationError) throw new ConfigError(`${label.describe(err.path)}: ${err.problem}.`, file);
      throw err;
    }
    if (mcpServers !== undefined) (expanded as Record<string, unknown>).mcpServers = mcpServers;
    if (hooks !== undefined) (expanded as Record<string, unknown>).hooks = hooks;
  }

  const checked = checkLayer(expanded);
  if (!checked.ok) throw new ConfigError(formatSchemaError(checked.error, label), file);

  const layer = checked.layer;
  if (layer.keys !== undefined) {
    const keys = resolveKeyBindings(layer.keys);
    if (isKeyProblem(keys)) throw new ConfigError(`${label.describe(`/keys/${keys.path.replace(/\[(\d+)\]/, '/$1')}`)}: ${keys.problem}.`, file);
  }
  if (layer.security?.workspace !== undefined) {
    layer.security = { ...layer.security, workspace: resolveWorkspace(layer.security.workspace, path.dirname(file), env) };
  }
  if (layer.memory?.dir !== undefined) {
    layer.memory = { dir: resolveWorkspace(layer.memory.dir, path.dirname(file), env) };
  }
  return layer;
}
