// Splits a markdown file into its YAML frontmatter and body, the way Claude Code's command, skill and agent files are written.
import { parse as parseYaml } from 'yaml';

/** The block between `---` lines at the top, and the text below it (trimmed); undefined without such a block. */
export function splitFrontmatter(text: string): { yaml: string; body: string } | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return undefined;
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end === -1) return undefined;
  return { yaml: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n').trim() };
}

/**
 * `key: value` lines read one by one, for frontmatter that is not valid YAML but that Claude Code accepts,
 * such as `argument-hint: [pr] [priority]`.
 */
function looseFields(yaml: string): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  for (const line of yaml.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match) return undefined;
    fields[match[1]] = match[2].trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return fields;
}

export type Frontmatter = { ok: true; fields: Record<string, unknown>; body: string } | { ok: false; problem: string };

/** Fields and body of a file whose frontmatter is optional; never throws, a problem comes back in words. */
export function readFrontmatter(text: string): Frontmatter {
  const parts = splitFrontmatter(text);
  if (!parts) return { ok: true, fields: {}, body: text.replace(/^\uFEFF/, '').trim() };
  let fields: unknown;
  try {
    fields = parseYaml(parts.yaml);
  } catch (err) {
    const loose = looseFields(parts.yaml);
    if (loose) return { ok: true, fields: loose, body: parts.body };
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { ok: false, problem: `its frontmatter is not valid YAML (${message.replace(/\.$/, '')})` };
  }
  if (fields === null || fields === undefined) return { ok: true, fields: {}, body: parts.body };
  if (typeof fields !== 'object' || Array.isArray(fields)) return { ok: false, problem: 'its frontmatter is not a set of key: value lines' };
  return { ok: true, fields: fields as Record<string, unknown>, body: parts.body };
}
