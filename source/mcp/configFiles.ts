// The files `rein mcp` reads and edits: the user's $REIN_HOME/agent.config.json, the project's .mcp.json and its
// agent.config.json. Edits go through jsonc-parser so comments and layout survive, and are written atomically.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { configFileName } from '../config/paths.js';
import { parseJson } from '../config/jsonSyntax.js';
import { writeFileAtomicSync } from '../util/atomicWrite.js';
import { mcpJsonFile, type McpScope } from './config.js';

/** One file that can hold `mcpServers`; `editable` files are the ones `add` and `remove` write (see scopeFile). */
export interface McpConfigFile {
  file: string;
  scope: McpScope;
}

/** A file's text and its servers as written (unexpanded). */
export interface ReadConfigFile {
  text: string | undefined;
  servers: Record<string, unknown>;
}

/** A file `rein mcp` cannot use: the message is one plain sentence. */
export class McpConfigFileError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Lowest first, as the session loads them (a later same-named server wins). */
export function mcpConfigFiles(projectDir: string, reinHome: string): McpConfigFile[] {
  return [
    { file: join(reinHome, configFileName), scope: 'user' },
    { file: join(projectDir, mcpJsonFile), scope: 'project' },
    { file: join(projectDir, configFileName), scope: 'project' },
  ];
}

/** The file `add` writes for a scope: Claude Code's .mcp.json for the project, rein's user config for the user. */
export function scopeFile(scope: McpScope, projectDir: string, reinHome: string): string {
  return scope === 'user' ? join(reinHome, configFileName) : join(projectDir, mcpJsonFile);
}

export function readMcpConfigFile(file: string): ReadConfigFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { text: undefined, servers: {} };
    throw new McpConfigFileError(`Cannot read ${file} (${code ?? String(error)}); check its permissions.`);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { problem, line, column } = parsed.problem;
    throw new McpConfigFileError(`${file} is not valid JSON (${problem} at line ${line}, column ${column}); fix it first.`);
  }
  if (!isObject(parsed.value)) throw new McpConfigFileError(`${file} must hold a JSON object; fix it first.`);
  const servers = parsed.value.mcpServers;
  if (servers === undefined) return { text, servers: {} };
  if (!isObject(servers)) throw new McpConfigFileError(`"mcpServers" in ${file} must be an object of named servers; fix it first.`);
  return { text, servers };
}

const formatting = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** Sets (or, with `undefined`, deletes) one server in a file, keeping its comments; creates the file when missing. */
export function writeServer(file: string, name: string, definition: Record<string, unknown> | undefined): void {
  const { text } = readMcpConfigFile(file);
  let next: string;
  if (text === undefined || text.trim() === '') {
    if (definition === undefined) return;
    next = `${JSON.stringify({ mcpServers: { [name]: definition } }, null, 2)}\n`;
  } else {
    next = applyEdits(text, modify(text, ['mcpServers', name], definition, formatting));
  }
  writeFileAtomicSync(file, next);
}
