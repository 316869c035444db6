// Finds the agent types a session offers: the built-ins, then custom files, nearest folder winning a name clash.
import fs from 'node:fs';
import path from 'node:path';
import { parseAgentFile } from './agentFile.js';
import { builtinAgents } from './builtinAgents.js';
import type { AgentDefinition } from './types.js';
import { extensionFolders } from '../extensions/folders.js';

export interface AgentFolders {
  /** The project's root (the workspace). */
  cwd: string;
  reinHome: string;
  /** The user's home, for ~/.claude/agents. */
  home?: string;
}

export interface LoadedAgents {
  agents: AgentDefinition[];
  /** One line per skipped file: which file and why. */
  warnings: string[];
}

/** Farthest first, so a nearer folder's file replaces a farther one of the same name. */
export function agentFolders(f: AgentFolders): string[] {
  return extensionFolders('agents', { project: f.cwd, reinHome: f.reinHome, home: f.home }).map((folder) => folder.dir);
}

function markdownFiles(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => path.join(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
}

export function loadAgents(f: AgentFolders): LoadedAgents {
  const byName = new Map<string, AgentDefinition>(builtinAgents.map((agent) => [agent.name, agent]));
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const dir of agentFolders(f)) {
    const real = fs.existsSync(dir) ? fs.realpathSync(dir) : dir;
    if (seen.has(real)) continue; // REIN_HOME inside the project, or the project is the home folder
    seen.add(real);
    for (const file of markdownFiles(dir)) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        warnings.push(`Skipped agent file ${file}: it cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
        continue;
      }
      const parsed = parseAgentFile(text, file);
      if (!parsed.ok) {
        warnings.push(`Skipped agent file ${file}: ${parsed.problem}.`);
        continue;
      }
      byName.set(parsed.agent.name, parsed.agent);
    }
  }
  return { agents: [...byName.values()], warnings };
}
