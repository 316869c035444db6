// MemoryStore: typed markdown memories in a global and a per-project folder, each with a MEMORY.md index kept in step.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../util/atomicWrite.js';
import {
  formatMemoryFile,
  isMemoryType,
  memoryTypes,
  normalizeBody,
  oneLine,
  parseMemoryFile,
  slugify,
  type MemoryFields,
  type MemoryType,
} from './memoryFile.js';
import { projectKey } from './projectKey.js';
import { compareNames } from '../util/compareNames.js';

export { findGitRoot, projectKey } from './projectKey.js';
export { memoryTypes, type MemoryType } from './memoryFile.js';

export type MemoryScope = 'global' | 'project';

export interface MemoryEntry {
  name: string;
  description: string;
  type: MemoryType;
  body: string;
  /** Absolute path of the memory file. */
  path: string;
  scope: MemoryScope;
}

export interface SaveMemoryInput {
  name?: string;
  type: MemoryType;
  description?: string;
  body: string;
}

export interface SaveMemoryResult {
  /** `unchanged` when an identical memory was already saved; nothing is written then. */
  status: 'saved' | 'updated' | 'unchanged';
  entry: MemoryEntry;
}

/** A refused memory operation; the message is one plain sentence for the model or the user. */
export class MemoryError extends Error {
  override name = 'MemoryError';
}

export const memoryIndexFile = 'MEMORY.md';
const maxDescriptionLength = 120;

/** Only project facts belong to one checkout; who the user is and how they like to work follows them everywhere. */
const scopeOfType = (type: MemoryType): MemoryScope => (type === 'project' ? 'project' : 'global');

function firstLine(body: string): string {
  const line = body.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.replace(/^\s*(?:#+|[-*>]|\d+\.)\s*/, '').trim();
}

function deriveDescription(body: string): string {
  const line = oneLine(firstLine(body));
  return line.length <= maxDescriptionLength ? line : `${line.slice(0, maxDescriptionLength - 1).trimEnd()}…`;
}

function deriveName(body: string): string {
  return slugify(firstLine(body).split(/\s+/).slice(0, 6).join(' ')) || 'memory';
}

function checkType(type: unknown): asserts type is MemoryType {
  if (!isMemoryType(type)) {
    throw new MemoryError(`Memory type ${JSON.stringify(type)} is not known; use one of ${memoryTypes.join(', ')}.`);
  }
}

function checkBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed === '') throw new MemoryError('A memory needs some content; write the fact to remember.');
  return trimmed;
}

function indexLine(entry: MemoryEntry): string {
  const link = `- [${entry.name}](${path.basename(entry.path)}) (${entry.type})`;
  return entry.description ? `${link}: ${entry.description}` : link;
}

export class MemoryStore {
  /** Folder of the user, feedback and reference memories. */
  readonly globalDir: string;
  /** Folder of this project's memories. */
  readonly projectDir: string;
  readonly projectKey: string;
  /** Goes up with every change made through this store, so readers can skip re-reading the files. */
  version = 0;

  /** `projectDir` is the project's git root, or the working folder outside git. */
  constructor(opts: { root: string; projectDir: string }) {
    const root = path.resolve(opts.root);
    this.projectKey = projectKey(opts.projectDir);
    this.globalDir = path.join(root, 'global');
    this.projectDir = path.join(root, 'projects', this.projectKey);
  }

  list(): MemoryEntry[] {
    return [...this.readScope('global'), ...this.readScope('project')];
  }

  /** Finds a memory by its name or its file name; the project scope wins when both hold one. */
  get(name: string): MemoryEntry | undefined {
    return this.find(this.list(), name);
  }

  /** Saves a new memory, replaces the one with the same name, or reports that an identical one is already saved. */
  save(input: SaveMemoryInput): SaveMemoryResult {
    checkType(input.type);
    const body = checkBody(input.body);
    const description = input.description !== undefined && oneLine(input.description) !== '' ? oneLine(input.description) : undefined;
    const entries = this.list();
    const normalized = normalizeBody(body);

    const sameFact = entries.find((e) => e.type === input.type && normalizeBody(e.body) === normalized);
    if (sameFact) return { status: 'unchanged', entry: sameFact };

    if (input.name !== undefined) {
      const name = slugify(input.name);
      if (!name) throw new MemoryError('A memory name needs at least one letter or digit, like `prefers-pnpm`.');
      const existing = this.find(entries, name);
      if (existing) {
        const identical =
          normalizeBody(existing.body) === normalized &&
          existing.type === input.type &&
          (description === undefined || description === existing.description);
        if (identical) return { status: 'unchanged', entry: existing };
        const fields = { name: existing.name, type: input.type, body, description: description ?? deriveDescription(body) };
        return { status: 'updated', entry: this.write(fields, existing) };
      }
      return { status: 'saved', entry: this.write({ name, type: input.type, body, description: description ?? deriveDescription(body) }) };
    }

    // A derived name must not replace another memory that happens to start with the same words.
    const base = deriveName(body);
    let name = base;
    for (let n = 2; this.find(entries, name); n++) name = `${base}-${n}`;
    return { status: 'saved', entry: this.write({ name, type: input.type, body, description: description ?? deriveDescription(body) }) };
  }

  update(name: string, changes: { body?: string; description?: string; type?: MemoryType }): MemoryEntry {
    const entry = this.get(name);
    if (!entry) throw new MemoryError(`No memory is named \`${name}\`; check the name in the memory index.`);
    if (changes.type !== undefined) checkType(changes.type);
    const fields: MemoryFields = {
      name: entry.name,
      type: changes.type ?? entry.type,
      body: changes.body !== undefined ? checkBody(changes.body) : entry.body,
      description: changes.description !== undefined ? oneLine(changes.description) : entry.description,
    };
    return this.write(fields, entry);
  }

  delete(name: string): boolean {
    const entry = this.get(name);
    if (!entry) return false;
    rmSync(entry.path, { force: true });
    this.writeIndexes();
    return true;
  }

  /** Both indexes with their folders, for the system prompt; '' when nothing is saved. */
  indexText(): string {
    const sections: string[] = [];
    for (const scope of ['global', 'project'] as const) {
      const entries = this.readScope(scope);
      if (entries.length === 0) continue;
      const label = scope === 'global' ? 'Global memories (about the user, in every project)' : 'Project memories (this project only)';
      sections.push(`${label}, files in ${this.dirOf(scope)}:\n${entries.map(indexLine).join('\n')}`);
    }
    return sections.join('\n\n');
  }

  private dirOf(scope: MemoryScope): string {
    return scope === 'global' ? this.globalDir : this.projectDir;
  }

  private find(entries: MemoryEntry[], name: string): MemoryEntry | undefined {
    const key = slugify(name.replace(/\.md$/i, ''));
    const byPriority = [...entries.filter((e) => e.scope === 'project'), ...entries.filter((e) => e.scope === 'global')];
    return (
      byPriority.find((e) => e.name === name) ??
      byPriority.find((e) => key !== '' && (slugify(e.name) === key || path.basename(e.path, '.md') === key))
    );
  }

  private readScope(scope: MemoryScope): MemoryEntry[] {
    const dir = this.dirOf(scope);
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      return [];
    }
    const entries: MemoryEntry[] = [];
    for (const file of files) {
      if (!file.endsWith('.md') || file === memoryIndexFile || file.startsWith('.')) continue;
      const full = path.join(dir, file);
      let text: string;
      try {
        text = readFileSync(full, 'utf8');
      } catch {
        continue; // A folder named *.md or an unreadable file is not a memory.
      }
      const fields = parseMemoryFile(text, path.basename(file, '.md'));
      if (fields) entries.push({ ...fields, path: full, scope });
    }
    return entries.sort((a, b) => compareNames(a.name, b.name));
  }

  /** Writes a memory (moving it when its type changes scope), then regenerates the indexes from the files. */
  private write(fields: MemoryFields, previous?: MemoryEntry): MemoryEntry {
    const scope = scopeOfType(fields.type);
    const dir = this.dirOf(scope);
    const file = previous && previous.scope === scope ? previous.path : path.join(dir, `${slugify(fields.name) || 'memory'}.md`);
    if (file !== previous?.path && existsSync(file)) {
      throw new MemoryError(`Another memory already uses the file ${file}; pick a different name.`);
    }
    writeFileAtomicSync(file, formatMemoryFile(fields));
    if (previous && previous.path !== file) rmSync(previous.path, { force: true });
    this.writeIndexes();
    return { ...fields, body: fields.body.trim(), path: file, scope };
  }

  private writeIndexes(): void {
    this.version += 1;
    for (const scope of ['global', 'project'] as const) {
      const dir = this.dirOf(scope);
      if (!existsSync(dir)) continue;
      const entries = this.readScope(scope);
      const index = path.join(dir, memoryIndexFile);
      if (entries.length === 0) rmSync(index, { force: true });
      else writeFileAtomicSync(index, `${entries.map(indexLine).join('\n')}\n`);
    }
  }
}
