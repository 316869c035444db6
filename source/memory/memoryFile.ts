// The on-disk form of one memory: a slugged file name and a three-key frontmatter block over the body text.

export type MemoryType = 'user' | 'feedback' | 'reference' | 'project';
export const memoryTypes: readonly MemoryType[] = ['user', 'feedback', 'reference', 'project'];

export function isMemoryType(value: unknown): value is MemoryType {
  return typeof value === 'string' && (memoryTypes as readonly string[]).includes(value);
}

export interface MemoryFields {
  name: string;
  description: string;
  type: MemoryType;
  body: string;
}

const maxSlugLength = 60;

/** Lowercase words joined by dashes; letters of any script survive so non-English names still slug. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxSlugLength).replace(/-+$/, '');
}

/** Frontmatter values are single lines, so any line break becomes a space. */
export const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** Whitespace and case do not make two memories different. */
export const normalizeBody = (body: string): string => body.replace(/\s+/g, ' ').trim().toLowerCase();

export function formatMemoryFile(fields: MemoryFields): string {
  return [
    '---',
    `name: ${oneLine(fields.name)}`,
    `description: ${oneLine(fields.description)}`,
    `type: ${fields.type}`,
    '---',
    fields.body.trim(),
    '',
  ].join('\n');
}

function unquote(value: string): string {
  const quoted = value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0];
  return quoted ? value.slice(1, -1) : value;
}

/**
 * Reads a memory file; undefined when its frontmatter is missing or malformed or its type is unknown.
 * Hand-edited files may omit name (the file name stands in) or description.
 */
export function parseMemoryFile(text: string, fallbackName: string): MemoryFields | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return undefined;
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end === -1) return undefined;
  const values = new Map<string, string>();
  for (const line of lines.slice(1, end)) {
    if (line.trim() === '') continue;
    const match = /^\s*([A-Za-z_][\w-]*)\s*:(.*)$/.exec(line);
    if (!match) return undefined;
    values.set(match[1].toLowerCase(), unquote(match[2].trim()));
  }
  const type = values.get('type');
  if (!isMemoryType(type)) return undefined;
  const name = values.get('name') || fallbackName;
  return { name, description: values.get('description') ?? '', type, body: lines.slice(end + 1).join('\n').trim() };
}
