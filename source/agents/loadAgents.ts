// Finds the agent types a session offers: the built-ins, then custom files, nearest folder winning a name clash.
import fs from 'node:fs';
import path from 'node:path';
import { parseAgentFile } from './agentFile.js';
import { builtinAgents } from './builtinAgents.js';
import type { AgentDefinition } from './types.js';
import { extensionFolders } from '../extensions/folders.js';
import { compareNames } from '../util/compareNames.js';

export interface AgentFolders {
  /** The project's root (the workspace). */
  cwd: string;
  reinHome: string;
  /** The user's home, for ~/.claude/agents. */
  home?: string;
  /** The tools a session can have (rein's names); an agent listing others is named in a warning. */
  knownTools?: readonly string[];
}

export interface LoadedAgents {
  agents: AgentDefinition[];
  /** One line per skipped agent file and per agent that lacks a tool it names: which file and why. */
  warnings: string[];
  /** Markdown files that are not agent files at all (a README beside them), left out without a warning. */
  notAgents: { file: string; reason: string }[];
}

/** Farthest first, so a nearer folder's file replaces a farther one of the same name. */
function agentFolders(f: AgentFolders): { dir: string; scope: 'user' | 'project' }[] {
  return extensionFolders('agents', { project: f.cwd, reinHome: f.reinHome, home: f.home }).map((folder) => ({
    dir: folder.dir,
    scope: folder.origin.startsWith('project') ? 'project' : 'user',
  }));
}

/** What a link points at, or undefined for a broken link or a loop of links. */
function linkTarget(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/** Every .md file below `dir`, subfolders (hidden ones too) and links included, as Claude Code finds agent files. */
function markdownFiles(dir: string, seen = new Set<string>(), depth = 0): string[] {
  let entries: fs.Dirent[];
  try {
    const real = fs.realpathSync(dir);
    if (seen.has(real) || depth > 12) return [];
    seen.add(real);
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => compareNames(a.name, b.name))) {
    const full = path.join(dir, entry.name);
    const stat = entry.isSymbolicLink() ? linkTarget(full) : entry;
    if (stat?.isDirectory()) out.push(...markdownFiles(full, seen, depth + 1));
    else if (stat?.isFile() && entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

export function loadAgents(f: AgentFolders): LoadedAgents {
  const byName = new Map<string, AgentDefinition>(builtinAgents.map((agent) => [agent.name, agent]));
  const warnings: string[] = [];
  const notAgents: LoadedAgents['notAgents'] = [];
  const seen = new Set<string>();
  const knownTools = f.knownTools ? new Set(f.knownTools) : undefined;
  for (const { dir, scope } of agentFolders(f)) {
    const real = fs.existsSync(dir) ? fs.realpathSync(dir) : dir;
    if (seen.has(real)) continue; // REIN_HOME inside the project, or the project is the home folder
    seen.add(real);
    for (const file of markdownFiles(dir)) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        warnings.push(`${file}: it cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); the agent file was skipped.`);
        continue;
      }
      const parsed = parseAgentFile(text, file, { scope, knownTools });
      if (!parsed.ok) {
        if ('notAgent' in parsed) notAgents.push({ file, reason: parsed.notAgent });
        else warnings.push(...parsed.problems);
        continue;
      }
      warnings.push(...parsed.warnings);
      byName.set(parsed.agent.name, parsed.agent);
    }
  }
  return { agents: [...byName.values()], warnings, notAgents };
}
