// Loads a corpus of real `.claude/` material with rein's own loaders and reports, file by file, what loaded, what
// was skipped and why, beside what Claude Code itself would load (scripts/corpus/claudeRules.ts).
// Usage: npx tsx scripts/claude-corpus.ts [corpus folder, default ../shared/claude-corpus] [--all] [--out report.txt]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAgents } from '../source/agents/loadAgents.js';
import { loadCustomCommands } from '../source/extensions/commandFiles.js';
import { loadSkills } from '../source/extensions/skills.js';
import { knownToolNames } from '../source/config/index.js';
import { claudeAgents, claudeCommands, claudeSkills, markdownFilesDeep, type ClaudeItem } from './corpus/claudeRules.js';
import { checkSettingsFile, type FileLine, type Kind } from './corpus/settingsCheck.js';

const knownTools = [...knownToolNames];

type Loader = (workspace: string, reinHome: string, home: string) => { files: string[]; warnings: string[] };

const loaders: Record<'agents' | 'commands' | 'skills', { rein: Loader; claude: (root: string) => ClaudeItem[] }> = {
  agents: {
    rein: (cwd, reinHome, home) => {
      const loaded = loadAgents({ cwd, reinHome, home, knownTools });
      const quiet = loaded.notAgents.map((n) => `Not an agent file ${n.file}: ${n.reason}.`);
      return { files: loaded.agents.map((a) => a.source).filter((s) => s !== 'built-in'), warnings: [...loaded.warnings, ...quiet] };
    },
    claude: claudeAgents,
  },
  commands: {
    rein: (workspace, reinHome, home) => {
      const loaded = loadCustomCommands({ workspace, reinHome, home });
      return { files: loaded.commands.map((c) => c.file), warnings: loaded.warnings };
    },
    claude: claudeCommands,
  },
  skills: {
    rein: (workspace, reinHome, home) => {
      const loaded = loadSkills({ workspace, reinHome, home });
      return { files: loaded.skills.map((s) => s.file), warnings: loaded.warnings };
    },
    claude: claudeSkills,
  },
};

const real = (p: string): string => {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
};

/** One folder used as a project's `.claude/<kind>`, loaded by rein and judged by Claude Code's rules. */
function checkRoot(kind: 'agents' | 'commands' | 'skills', root: string, scratch: string): FileLine[] {
  const workspace = fs.mkdtempSync(path.join(scratch, 'ws-'));
  fs.mkdirSync(path.join(workspace, '.claude'));
  fs.symlinkSync(root, path.join(workspace, '.claude', kind));
  const reinHome = fs.mkdtempSync(path.join(scratch, 'rh-'));
  const home = fs.mkdtempSync(path.join(scratch, 'home-'));
  const claude = new Map(loaders[kind].claude(root).map((item) => [real(item.file), item.name]));
  let rein: { files: Set<string>; warnings: string[] };
  let crash: string | undefined;
  try {
    const loaded = loaders[kind].rein(workspace, reinHome, home);
    rein = { files: new Set(loaded.files.map(real)), warnings: loaded.warnings };
  } catch (error) {
    crash = error instanceof Error ? error.message.split('\n')[0] : String(error);
    rein = { files: new Set(), warnings: [] };
  }
  const linked = path.join(workspace, '.claude', kind);
  const reasonFor = (file: string): string | undefined => {
    const rel = path.relative(root, file);
    const hit = rein.warnings.find((w) => w.includes(path.join(linked, rel)) || w.includes(file));
    return hit?.replace(path.join(linked, rel), '<file>').replace(file, '<file>');
  };
  return markdownFilesDeep(root).map((file): FileLine => {
    const key = real(file);
    const claudeName = claude.get(key);
    const reinLoaded = rein.files.has(key);
    const reason = crash ? `rein stopped: ${crash}` : reasonFor(file);
    const status = reinLoaded ? (claudeName !== undefined ? 'loaded' : 'extra') : claudeName !== undefined ? 'MISSING' : 'ignored';
    return { kind, file, status, detail: reinLoaded ? (reason ? `loaded, with: ${reason}` : undefined) : (reason ?? (claudeName === undefined ? 'not one (Claude Code ignores it too)' : 'not loaded, no warning')) };
  });
}

/** The folders of the corpus used as `.claude/<kind>`: each category folder, or the real `.claude/` folders. */
function roots(corpus: string): { kind: 'agents' | 'commands' | 'skills'; root: string }[] {
  const out: { kind: 'agents' | 'commands' | 'skills'; root: string }[] = [];
  const subdirs = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name)) : []);
  for (const collection of subdirs(corpus)) {
    const dotClaude = path.join(collection, '.claude');
    if (fs.existsSync(dotClaude)) {
      for (const kind of ['agents', 'commands', 'skills'] as const) if (fs.existsSync(path.join(dotClaude, kind))) out.push({ kind, root: path.join(dotClaude, kind) });
      continue;
    }
    // A catalogue: agents/<category>/x.md, commands/<category>/x.md, skills/<category>[/<group>]/<skill>/SKILL.md; a user
    // copies one item into .claude/<kind>/, so each folder holding items is used as that folder.
    for (const kind of ['agents', 'commands'] as const) for (const dir of subdirs(path.join(collection, kind))) out.push({ kind, root: dir });
    const skillRoots = new Set(markdownFilesDeep(path.join(collection, 'skills')).filter((f) => path.basename(f) === 'SKILL.md').map((f) => path.dirname(path.dirname(f))));
    for (const root of [...skillRoots].sort()) out.push({ kind: 'skills', root });
  }
  return out;
}

function main(argv: string[]): void {
  const all = argv.includes('--all');
  const outIndex = argv.indexOf('--out');
  const out = outIndex >= 0 ? argv[outIndex + 1] : undefined;
  const corpus = path.resolve(argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--out') ?? path.join('..', 'shared', 'claude-corpus'));
  if (!fs.existsSync(corpus)) {
    process.stderr.write(`No corpus at ${corpus}; give its folder as the first argument.\n`);
    process.exitCode = 2;
    return;
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rein-corpus-'));
  const byFile = new Map<string, FileLine>();
  try {
    for (const { kind, root } of roots(corpus)) {
      for (const line of checkRoot(kind, root, scratch)) {
        // Skill roots nest (skills/ holds a skill and categories of skills): a file is judged where it is a skill.
        const earlier = byFile.get(line.file);
        if (!earlier || earlier.status === 'ignored') byFile.set(line.file, line);
      }
    }
    for (const file of listJson(corpus)) byFile.set(file, checkSettingsFile(file));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const lines = [...byFile.values()];
  const rel = (f: string) => path.relative(corpus, f);
  const report = lines
    .filter((l) => all || l.status === 'MISSING' || l.status === 'extra' || (l.status === 'loaded' && l.detail) || l.status === 'problem')
    .map((l) => `${l.status.padEnd(8)} ${l.kind.padEnd(8)} ${rel(l.file)}${l.detail ? `: ${l.detail}` : ''}`);
  const kinds: Kind[] = ['agents', 'commands', 'skills', 'settings'];
  const summary = kinds.map((kind) => {
    const of = lines.filter((l) => l.kind === kind);
    const count = (s: FileLine['status']) => of.filter((l) => l.status === s).length;
    return `${kind.padEnd(9)} files ${String(of.length).padStart(5)}  loaded ${String(count('loaded')).padStart(5)}  MISSING ${String(count('MISSING')).padStart(4)}  extra ${String(count('extra')).padStart(4)}  ignored ${String(count('ignored')).padStart(4)}  problem ${String(count('problem')).padStart(4)}`;
  });
  const text = [...report, '', `Corpus: ${corpus}`, ...summary, ''].join('\n');
  if (out) fs.writeFileSync(out, text);
  process.stdout.write(out ? `${summary.join('\n')}\n(report in ${out})\n` : text);
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJson(full));
    else if (entry.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

main(process.argv.slice(2));
