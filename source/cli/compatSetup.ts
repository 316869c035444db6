// Start-up work for the flags of `claude -p`: each reads and checks its input once, failing in one plain sentence.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LoadedAgents } from '../agents/loadAgents.js';
import { parseAgentsFlag, withFlagAgents } from '../agents/agentsFlag.js';
import type { CliArgs } from './args.js';
import { claudeModeName, meaninglessFlags } from './compat.js';
import type { EngineSession } from '../engine/session/index.js';
import { claudeToolName } from '../extensions/hookToolNames.js';
import type { InitFacts } from '../headless/claudeStream.js';
import { parseJson } from '../config/jsonSyntax.js';
import type { CompatOptions } from '../engine/session/compat.js';
import type { ClaudeSettingsFile } from '../permissions/ruleSources.js';
import { sessionLogPath } from '../sessionLog/records.js';
import { SpendBudget, unpricedModels } from './spendBudget.js';
import { getAjv } from '../tools/runner.js';
import { UsageError } from './usageError.js';

/** --settings: a file, or the JSON itself (text starting with `{`), read as the user's own settings file. */
export function readSettingsFlag(value: string | undefined, cwd: string): ClaudeSettingsFile[] {
  if (value === undefined) return [];
  const inline = value.trim().startsWith('{');
  const file = inline ? '--settings' : resolve(cwd, value);
  let text = value;
  if (!inline) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read --settings ${value}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; give a settings file or its JSON.`);
    }
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw new UsageError(`--settings ${inline ? 'JSON' : value} is not valid JSON: ${parsed.problem.problem} at line ${parsed.problem.line}, column ${parsed.problem.column}.`);
  const settings = parsed.value;
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) throw new UsageError('--settings must be a JSON object, in the format of Claude Code\'s settings.json.');
  return [{ file, scope: 'user', settings: settings as Record<string, unknown> }];
}

/** --add-dir: each must be a folder that exists; returned absolute. */
export function checkAddDirs(dirs: string[], cwd: string): string[] {
  return dirs.map((dir) => {
    const abs = resolve(cwd, dir);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`--add-dir ${dir} is not a folder that exists; check the path.`);
    return abs;
  });
}

/** --session-id: refused when a session of that id was already saved, as Claude Code does. */
export function checkSessionId(sessionId: string | undefined, sessionsDir: string): void {
  if (sessionId !== undefined && existsSync(sessionLogPath(sessionsDir, sessionId))) {
    throw new UsageError(`Session ID ${sessionId} is already in use; continue it with --resume ${sessionId}, or give a new UUID.`);
  }
}

/** --json-schema: compiled once with the tools' ajv, so a schema that cannot check anything fails at start. */
export async function checkJsonSchema(schema: Record<string, unknown> | undefined): Promise<Record<string, unknown> | undefined> {
  if (schema === undefined) return undefined;
  if (schema.type !== undefined && schema.type !== 'object') {
    throw new UsageError('--json-schema must describe an object ("type": "object"): the answer arrives as the arguments of a tool call.');
  }
  const withType = { type: 'object', ...schema };
  try {
    (await getAjv()).compile(withType);
  } catch (error) {
    throw new UsageError(`--json-schema is not a JSON schema ajv can use: ${(error as Error).message}.`);
  }
  return withType;
}

/**
 * --max-budget-usd: a cap needs prices. A model rein has no price for (a local one, one missing from its list) could
 * only be counted as free or as a guess, so such a session does not start with a cap at all.
 */
export function budgetFor(args: CliArgs, models: string[]): SpendBudget | undefined {
  if (args.maxBudgetUsd === undefined) return undefined;
  const unpriced = unpricedModels(models);
  if (unpriced.length > 0) {
    throw new UsageError(`--max-budget-usd cannot be kept: rein knows no price for model ${unpriced.join(', ')}, so its spend cannot be counted; run without the cap or with a model whose price is known.`);
  }
  return new SpendBudget(args.maxBudgetUsd);
}

/** The session's compat options from the flags (the budget and schema come checked). */
export function compatOptions(args: CliArgs, extra: { budget?: SpendBudget; jsonSchema?: Record<string, unknown> }): CompatOptions {
  return {
    dontAsk: args.dontAsk,
    permissionPromptTool: args.permissionPromptTool,
    jsonSchema: extra.jsonSchema,
    fallbackModels: args.fallbackModels,
    budget: extra.budget,
  };
}

/** One warning per Claude Code flag that means nothing in rein (and for --verbose in the full-screen session). */
export function flagNotes(args: CliArgs, interactive: boolean): string[] {
  const notes = args.meaninglessFlags.map((flag) => `${flag} has no effect in rein (${meaninglessFlags[flag].why}); it was ignored.`);
  if (interactive && args.verbose) notes.push('--verbose has no effect in the full-screen session (it changes headless output); it was ignored.');
  return notes;
}

/** The session's agents: the built-in and file ones, and --agents' (which win a name clash). */
export function sessionAgents(args: CliArgs, files: LoadedAgents, toolNames: string[]): LoadedAgents {
  if (args.agents === undefined) return files;
  const flag = parseAgentsFlag(args.agents, toolNames);
  if (!flag.ok) throw new UsageError(flag.problem);
  return { ...files, agents: withFlagAgents(files.agents, flag.agents), warnings: [...files.warnings, ...flag.warnings] };
}

/** What stream-json's system/init says, read when it is sent (MCP tools that connected meanwhile included). */
export function initFactsOf(o: { session: EngineSession; cwd: string; dontAsk: boolean; version: string; commands: string[]; agents: string[]; skills: string[] }): () => InitFacts {
  return () => ({
    cwd: o.cwd, tools: o.session.inspection.registry().list().map((t) => claudeToolName(t.name)),
    mcpServers: (o.session.inspection.mcp?.status() ?? []).map((server) => ({ name: server.name, status: server.status })),
    model: o.session.settings.info.model, permissionMode: claudeModeName(o.session.settings.info.mode, o.dontAsk),
    slashCommands: o.commands, agents: o.agents, skills: o.skills, version: o.version,
  });
}
