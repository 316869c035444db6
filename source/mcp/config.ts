// MCP server definitions from `.mcp.json` (Claude Code's format), every agent.config.json layer and --mcp-config,
// each entry checked and ${VAR}-expanded on its own so one bad server is reported and the rest still start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InterpolationError, interpolateString } from '../config/interpolate.js';
import { parseJson } from '../config/jsonSyntax.js';
import type { Env, McpServersLayer } from '../config/types.js';
import { checkData, issuePath, issueSentence, type FileIssue } from '../config/fileCheck.js';
import { mcpServerSchema, mcpServersSchema } from './serverSchema.js';

export type McpServerSpec =
  | { transport: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { transport: 'http' | 'sse'; url: string; headers: Record<string, string> };

/** Who supplied a definition: project servers run only once trusted; user ones (and --mcp-config) need no trust. */
export type McpScope = 'user' | 'project';

export interface McpServerEntry {
  name: string;
  scope: McpScope;
  /** The file it came from, for messages. */
  file: string;
  spec: McpServerSpec;
  /** The entry as written (before expansion): what trust is given to. */
  written: unknown;
}

export interface McpConfigProblem extends FileIssue {
  file: string;
}

export const describeProblem = (p: McpConfigProblem): string => issueSentence(p.file, p);

export interface McpServerSource {
  file: string;
  scope: McpScope;
  /** The `mcpServers` object as written. */
  servers: unknown;
  /** JSON pointer of that object in its file. */
  at: string;
}

export const mcpJsonFile = '.mcp.json';

class EntryError extends Error {
  constructor(readonly path: string, readonly problem: string) {
    super(problem);
  }
}

const pointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A string the schema passed, with its ${VAR}s filled in. */
function expand(value: string, env: Env, at: string): string {
  try {
    return interpolateString(value, env, at);
  } catch (error) {
    if (error instanceof InterpolationError) throw new EntryError(at, `cannot be expanded: ${error.problem}`);
    throw error;
  }
}

function expandMap(value: unknown, env: Env, at: string): Record<string, string> {
  if (!isObject(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) out[key] = expand(String(item), env, `${at}/${pointer(key)}`);
  return out;
}

/** The entry's problems by the schema, with its transport filled in as Claude Code infers it. */
function entryIssues(entry: unknown, at: string): FileIssue[] {
  if (!isObject(entry)) return checkData(mcpServerSchema, entry, issuePath('', at));
  const type = entry.type ?? (entry.url !== undefined && entry.command === undefined ? 'http' : 'stdio');
  return checkData(mcpServerSchema, { ...entry, type }, issuePath('', at));
}

/** One entry the schema passed, to a spec; throws EntryError naming the path and the problem. */
function parseEntry(entry: Record<string, unknown>, env: Env, at: string): McpServerSpec {
  const type = entry.type ?? (entry.url !== undefined && entry.command === undefined ? 'http' : 'stdio');
  if (type === 'stdio') {
    const command = expand(String(entry.command), env, `${at}/command`);
    if (command.trim() === '') throw new EntryError(`${at}/command`, 'must not be empty');
    const args = Array.isArray(entry.args) ? entry.args : [];
    return {
      transport: 'stdio',
      command,
      args: args.map((arg, i) => expand(String(arg), env, `${at}/args/${i}`)),
      env: expandMap(entry.env, env, `${at}/env`),
    };
  }
  const url = expand(String(entry.url), env, `${at}/url`);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new EntryError(`${at}/url`, `must be an http:// or https:// address (got ${JSON.stringify(url)})`);
  }
  return { transport: type === 'sse' ? 'sse' : 'http', url, headers: expandMap(entry.headers, env, `${at}/headers`) };
}

export interface ParsedServers {
  servers: McpServerEntry[];
  problems: McpConfigProblem[];
}

/** Checks every entry of every source; a later source's server replaces an earlier one of the same name. */
export function parseServerSources(sources: McpServerSource[], env: Env): ParsedServers {
  const byName = new Map<string, McpServerEntry>();
  const problems: McpConfigProblem[] = [];
  for (const source of sources) {
    const rootIssues = checkData(mcpServersSchema, source.servers, issuePath('', source.at));
    if (rootIssues.length > 0 || !isObject(source.servers)) {
      problems.push(...rootIssues.map((issue) => ({ file: source.file, ...issue, problem: `${issue.problem}; no server of this file is started` })));
      continue;
    }
    for (const [name, entry] of Object.entries(source.servers)) {
      const at = `${source.at}/${pointer(name)}`;
      const leftOut = `server ${name} is left out`;
      if (name.trim() === '') {
        problems.push({ file: source.file, path: issuePath('', at), problem: 'is a server without a name; it is left out' });
        continue;
      }
      const issues = entryIssues(entry, at);
      if (issues.length > 0 || !isObject(entry)) {
        problems.push(...issues.map((issue) => ({ file: source.file, ...issue, problem: `${issue.problem}; ${leftOut}` })));
        continue;
      }
      try {
        const spec = parseEntry(entry, env, at);
        byName.delete(name);
        byName.set(name, { name, scope: source.scope, file: source.file, spec, written: entry });
      } catch (error) {
        if (!(error instanceof EntryError)) throw error;
        problems.push({ file: source.file, path: issuePath('', error.path), problem: `${error.problem}; ${leftOut}` });
      }
    }
  }
  return { servers: [...byName.values()], problems };
}

/** A JSON file holding `{"mcpServers": …}`: undefined when it does not exist; a problem when it cannot be used. */
function readServersFile(file: string, scope: McpScope): { source?: McpServerSource; problem?: McpConfigProblem } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && scope === 'project') return {};
    return { problem: { file, path: '', problem: code === 'ENOENT' ? 'the file does not exist' : `it cannot be read (${code ?? String(error)})` } };
  }
  // No bytes at all: the sandbox's mount point for a project file that does not exist.
  if (text.length === 0 && scope === 'project') return {};
  return readServersText(text, file, scope);
}

/** Servers from a config's text; `file` names where it came from in problems. */
function readServersText(text: string, file: string, scope: McpScope): { source?: McpServerSource; problem?: McpConfigProblem } {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { problem, line, column } = parsed.problem;
    return { problem: { file, path: '', problem: `not valid JSON: ${problem} at line ${line}, column ${column}` } };
  }
  if (!isObject(parsed.value) || parsed.value.mcpServers === undefined) {
    return { problem: { file, path: '', problem: 'expected an object with "mcpServers"' } };
  }
  return { source: { file, scope, servers: parsed.value.mcpServers, at: '/mcpServers' } };
}

export interface McpConfigInput {
  /** The project root: where `.mcp.json` is read. */
  projectDir: string;
  /** `mcpServers` of the agent.config.json layers (see loadConfig). */
  layers: McpServersLayer[];
  /** --mcp-config <files or JSON…>: servers for this run, trusted like the user's own. */
  flagConfigs?: string[];
  /** --strict-mcp-config: the --mcp-config servers only, none from a config layer or `.mcp.json`. */
  flagOnly?: boolean;
  env: Env;
}

/**
 * Every configured server. Lowest first, a later one replacing a same-named earlier one: the user's config, the
 * project's `.mcp.json`, the project's agent.config.json, then --mcp-config.
 */
export function loadMcpServers(input: McpConfigInput): ParsedServers {
  const sources: McpServerSource[] = [];
  const problems: McpConfigProblem[] = [];
  const fromLayer = (layer: McpServersLayer): McpServerSource => ({ file: layer.file, scope: layer.scope, servers: layer.servers, at: '/mcpServers' });
  if (!input.flagOnly) {
    for (const layer of input.layers.filter((l) => l.scope === 'user')) sources.push(fromLayer(layer));
    const mcpJson = readServersFile(join(input.projectDir, mcpJsonFile), 'project');
    if (mcpJson.source) sources.push(mcpJson.source);
    if (mcpJson.problem) problems.push(mcpJson.problem);
    for (const layer of input.layers.filter((l) => l.scope === 'project')) sources.push(fromLayer(layer));
  }
  for (const config of input.flagConfigs ?? []) {
    // As in Claude Code, each value is a file or the JSON itself.
    const flag = config.trim().startsWith('{') ? readServersText(config, '--mcp-config', 'user') : readServersFile(config, 'user');
    if (flag.source) sources.push(flag.source);
    if (flag.problem) problems.push(flag.problem);
  }
  const parsed = parseServerSources(sources, input.env);
  return { servers: parsed.servers, problems: [...problems, ...parsed.problems] };
}
