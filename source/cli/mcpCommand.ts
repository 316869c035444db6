// `rein mcp list | get | add | remove`: manages MCP server entries as `claude mcp` does, without starting a session.
import { parseArgs } from 'node:util';
import { UsageError } from './args.js';
import type { McpScope } from '../mcp/config.js';
import { McpConfigFileError, mcpConfigFiles, readMcpConfigFile, scopeFile, writeServer } from '../mcp/configFiles.js';
import type { ServerHealth } from '../mcp/health.js';

export const mcpHelpText = `rein mcp — manage MCP servers

Usage:
  rein mcp list                                   every configured server (scope, transport, command or url) and its
                                                  health: each is started, its tools listed, and stopped again
  rein mcp get <name>                             one server's full definition
  rein mcp add [options] <name> -- <command> [args...]        a stdio server
  rein mcp add --transport http|sse [options] <name> <url>    a remote server
  rein mcp remove [--scope project|user] <name>
  rein mcp serve [--permission-mode <mode>]       rein's own tools for another program, over MCP on stdio
                                                  (rein mcp serve --help)

Options for add:
  -s, --scope <scope>       project (default): .mcp.json in this directory, shared with the repository
                            user: $REIN_HOME/agent.config.json (~/.rein), for every project
  -t, --transport <kind>    stdio (default), http or sse
  -e, --env KEY=value       environment for a stdio server (repeatable)
  -H, --header "K: value"   HTTP header for a remote server (repeatable)

\${VAR} and \${VAR:-default} are kept as written and expanded when a session starts the server.`;

export interface McpCommandIo {
  projectDir: string;
  reinHome: string;
  write: (text: string) => void;
  /** `list` checks each server's health with it (connects, lists tools, stops it); without it, `list` only lists. */
  check?: () => Promise<{ health: Map<string, ServerHealth>; problems: string[] }>;
}

interface FoundServer {
  name: string;
  scope: McpScope;
  file: string;
  definition: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const stringOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

/** Every server entry in every file, as written, in load order (a later same-named one is what sessions use). */
function allServers(io: McpCommandIo): FoundServer[] {
  return mcpConfigFiles(io.projectDir, io.reinHome).flatMap(({ file, scope }) =>
    Object.entries(readMcpConfigFile(file).servers).map(([name, definition]) => ({ name, scope, file, definition })),
  );
}

function transportOf(definition: unknown): string {
  if (!isObject(definition)) return '?';
  if (typeof definition.type === 'string') return definition.type;
  return definition.url !== undefined && definition.command === undefined ? 'http' : 'stdio';
}

function targetOf(definition: unknown): string {
  if (!isObject(definition)) return stringOf(definition);
  if (transportOf(definition) !== 'stdio') return stringOf(definition.url);
  const args = Array.isArray(definition.args) ? definition.args.map(stringOf) : [];
  return [stringOf(definition.command), ...args].join(' ');
}

/** One server's health as `claude mcp list` puts it, with the reason when it failed. */
function healthText(health: ServerHealth | undefined): string {
  if (!health) return '✗ Not checked: its entry cannot be used (see above)';
  switch (health.status) {
    case 'connected':
      return `✓ Connected (${health.tools} ${health.tools === 1 ? 'tool' : 'tools'})`;
    case 'failed':
      return `✗ Failed to connect: ${health.reason}`;
    case 'untrusted':
      return '⏸ Not started: this project is not trusted (open rein here and trust it to start its servers)';
  }
}

async function list(io: McpCommandIo): Promise<void> {
  const servers = allServers(io);
  if (servers.length === 0) {
    io.write('No MCP servers are configured. Add one with: rein mcp add <name> -- <command> [args...]\n');
    return;
  }
  let report: Awaited<ReturnType<NonNullable<McpCommandIo['check']>>> | undefined;
  if (io.check) {
    io.write('Checking MCP server health…\n\n');
    report = await io.check();
    for (const problem of report.problems) io.write(`${problem}\n`);
  }
  const width = Math.max(...servers.map((s) => s.name.length));
  const names = new Map(servers.map((s) => [s.name, s] as const));
  for (const s of servers) {
    const shadowed = names.get(s.name) !== s;
    const line = `${s.name.padEnd(width)}  ${s.scope.padEnd(7)}  ${transportOf(s.definition).padEnd(5)}  ${targetOf(s.definition)}`;
    const status = shadowed ? ' (overridden by a later file)' : report ? ` - ${healthText(report.health.get(s.name))}` : '';
    io.write(`${line}${status}\n`);
  }
}

function describeServer(s: FoundServer): string {
  const lines = [`${s.name}:`, `  Scope: ${s.scope} (${s.file})`, `  Type: ${transportOf(s.definition)}`];
  const d = isObject(s.definition) ? s.definition : {};
  const map = (label: string, value: unknown, sep: string) => {
    if (!isObject(value) || Object.keys(value).length === 0) return;
    lines.push(`  ${label}:`);
    for (const [key, item] of Object.entries(value)) lines.push(`    ${key}${sep}${stringOf(item)}`);
  };
  if (transportOf(d) === 'stdio') {
    lines.push(`  Command: ${stringOf(d.command)}`);
    if (Array.isArray(d.args) && d.args.length > 0) lines.push(`  Args: ${d.args.map(stringOf).join(' ')}`);
    map('Environment', d.env, '=');
  } else {
    lines.push(`  URL: ${stringOf(d.url)}`);
    map('Headers', d.headers, ': ');
  }
  return `${lines.join('\n')}\n`;
}

function get(io: McpCommandIo, name: string): void {
  const found = allServers(io).filter((s) => s.name === name);
  if (found.length === 0) throw new UsageError(`No MCP server named ${name}; rein mcp list shows the configured ones.`);
  io.write(found.map(describeServer).join('\n'));
}

function parseScope(value: string | undefined): McpScope | undefined {
  if (value === undefined) return undefined;
  if (value === 'project' || value === 'user') return value;
  throw new UsageError(`--scope must be project or user (got "${value}").`);
}

function checkName(name: string | undefined, verb: string): string {
  if (name === undefined || name === '') throw new UsageError(`rein mcp ${verb} needs a server name; run rein mcp --help for the forms.`);
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new UsageError(`A server name may use letters, digits, "_", "-" and "." only (got "${name}").`);
  return name;
}

function pairs(items: string[], separator: '=' | ':', flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(separator);
    const key = at > 0 ? item.slice(0, at).trim() : '';
    if (key === '') throw new UsageError(`${flag} takes ${separator === '=' ? 'KEY=value' : '"Header: value"'} (got "${item}").`);
    out[key] = separator === ':' ? item.slice(at + 1).trim() : item.slice(at + 1);
  }
  return out;
}

function add(io: McpCommandIo, argv: string[]): void {
  const dash = argv.indexOf('--');
  const before = dash === -1 ? argv : argv.slice(0, dash);
  const after = dash === -1 ? [] : argv.slice(dash + 1);
  const parsed = parseOptions(before, {
    scope: { type: 'string', short: 's' },
    transport: { type: 'string', short: 't' },
    env: { type: 'string', short: 'e', multiple: true },
    header: { type: 'string', short: 'H', multiple: true },
  }, 'add');
  const v = parsed.values as { scope?: string; transport?: string; env?: string[]; header?: string[] };
  const [rawName, ...rest] = parsed.positionals;
  const name = checkName(rawName, 'add');
  const scope = parseScope(v.scope) ?? 'project';
  const transport = v.transport ?? 'stdio';
  if (!['stdio', 'http', 'sse'].includes(transport)) throw new UsageError(`--transport must be stdio, http or sse (got "${transport}").`);
  let definition: Record<string, unknown>;
  if (transport === 'stdio') {
    if ((v.header ?? []).length > 0) throw new UsageError('-H headers are for http and sse servers; a stdio server takes -e KEY=value.');
    const words = [...rest, ...after];
    if (words.length === 0) throw new UsageError(`rein mcp add needs the server's command: rein mcp add ${name} -- <command> [args...].`);
    const env = pairs(v.env ?? [], '=', '-e');
    definition = { command: words[0], args: words.slice(1), ...(Object.keys(env).length > 0 ? { env } : {}) };
  } else {
    if ((v.env ?? []).length > 0) throw new UsageError('-e sets a stdio server\'s environment; an http or sse server takes -H "Header: value".');
    const words = [...rest, ...after];
    if (words.length !== 1) throw new UsageError(`rein mcp add --transport ${transport} takes one url after the name: rein mcp add --transport ${transport} ${name} https://host/mcp.`);
    const url = words[0];
    if (!url.includes('${') && !/^https?:\/\/[^\s]+$/.test(url)) throw new UsageError(`The url must start with http:// or https:// (got "${url}").`);
    const headers = pairs(v.header ?? [], ':', '-H');
    definition = { type: transport, url, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  }
  const file = scopeFile(scope, io.projectDir, io.reinHome);
  if (readMcpConfigFile(file).servers[name] !== undefined) {
    throw new UsageError(`An MCP server named ${name} already exists in ${file}; remove it first with rein mcp remove ${name} --scope ${scope}.`);
  }
  writeServer(file, name, definition);
  io.write(`Added ${transport} MCP server ${name} to ${file} (${scope} scope).\n`);
  if (scope === 'project') io.write('Project servers start once you trust them: rein asks when it opens here (headless: --trust-mcp).\n');
}

function remove(io: McpCommandIo, argv: string[]): void {
  const parsed = parseOptions(argv, { scope: { type: 'string', short: 's' } }, 'remove');
  const scope = parseScope((parsed.values as { scope?: string }).scope);
  if (parsed.positionals.length > 1) throw new UsageError('rein mcp remove takes one server name.');
  const name = checkName(parsed.positionals[0], 'remove');
  const found = allServers(io).filter((s) => s.name === name && (scope === undefined || s.scope === scope));
  if (found.length === 0) {
    throw new UsageError(`No MCP server named ${name}${scope ? ` in ${scope} scope` : ''}; rein mcp list shows the configured ones.`);
  }
  const scopes = new Set(found.map((s) => s.scope));
  if (scopes.size > 1) throw new UsageError(`MCP server ${name} exists in both project and user scope; say which with --scope project or --scope user.`);
  for (const s of found) {
    writeServer(s.file, name, undefined);
    io.write(`Removed MCP server ${name} from ${s.file} (${s.scope} scope).\n`);
  }
}

type OptionSpec = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function parseOptions(args: string[], options: OptionSpec, verb: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\.$/, '').replace(/\. To specify a positional argument starting with a '-'.*$/s, '');
    // `rein mcp add x npx -y pkg`: the command's own flags were read as rein's.
    if (verb === 'add' && /^Unknown option/.test(message)) {
      throw new UsageError(`${message}; put the server's command and its arguments after --: rein mcp add <name> -- <command> [args...].`);
    }
    throw new UsageError(`${message}; run rein mcp --help for the forms.`);
  }
}

/** Runs `rein mcp …` (argv without "mcp"); returns the exit code. Throws UsageError for bad usage (exit 2). */
export async function runMcpCommand(argv: string[], io: McpCommandIo): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    switch (sub) {
      case undefined:
        throw new UsageError('rein mcp needs a command: list, get, add or remove (rein mcp --help shows the forms).');
      case '-h':
      case '--help':
      case 'help':
        io.write(`${mcpHelpText}\n`);
        return 0;
      case 'list':
        if (rest.length > 0) throw new UsageError('rein mcp list takes no arguments.');
        await list(io);
        return 0;
      case 'get':
        if (rest.length !== 1) throw new UsageError('rein mcp get takes one server name: rein mcp get <name>.');
        get(io, checkName(rest[0], 'get'));
        return 0;
      case 'add':
        add(io, rest);
        return 0;
      case 'remove':
        remove(io, rest);
        return 0;
      default:
        throw new UsageError(`Unknown rein mcp command "${sub}"; use list, get, add or remove.`);
    }
  } catch (error) {
    if (error instanceof McpConfigFileError) throw new UsageError(error.message);
    throw error;
  }
}
