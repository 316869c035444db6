// Splits a markdown file into its YAML frontmatter and body, the way Claude Code's command, skill and agent files are written.
import { parseYaml } from './yaml.js';

/**
 * The block between `---` lines at the top, and the text below it: trimmed (`body`), and as Claude Code keeps it
 * (`template`: blank lines after the block dropped, the end kept as written); undefined without such a block.
 */
export function splitFrontmatter(text: string): { yaml: string; body: string; template: string } | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return undefined;
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end === -1) return undefined;
  const below = lines.slice(end + 1).join('\n');
  return { yaml: lines.slice(1, end).join('\n'), body: below.trim(), template: below.replace(/^\s+/, '') };
}

/** A value holding YAML syntax that Claude Code quotes before its second try (`description: Use it when: ...`). */
const yamlSyntax = /[{}[\]*&#!|>%@`]|: /;

/**
 * Claude Code's second try at frontmatter that is not YAML: each `key: value` line whose value holds YAML syntax
 * (a `: `, a `*`, brackets, ...) gets its value double-quoted, and leading tabs become two spaces each. This is
 * what lets an agent description like `Use this agent when: ... Examples: <example>...` be read.
 */
function quoteLooseValues(yaml: string): string {
  return yaml
    .split('\n')
    .map((line) => {
      const match = /^([a-zA-Z_-]+):\s+(.+)$/.exec(line);
      if (!match) return line;
      const [, key, value] = match;
      if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) return line;
      if (value.startsWith('[') && value.endsWith(']') && isFlowList(value)) return line;
      return yamlSyntax.test(value) ? `${key}: "${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : line;
    })
    .join('\n')
    .replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length));
}

function isFlowList(value: string): boolean {
  try {
    return Array.isArray(parseYaml(value));
  } catch {
    return false;
  }
}

/**
 * `key: value` lines read one by one, a last try for frontmatter that neither YAML nor Claude Code's quoting reads
 * (a value with an unmatched quote).
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

/** A file's frontmatter fields and body. `unread`: the frontmatter could not be read and was ignored, as Claude Code ignores it; says why. */
export interface Frontmatter {
  fields: Record<string, unknown>;
  /** The text below the frontmatter, trimmed. */
  body: string;
  /** The same text as Claude Code sends it for a command: its trailing newline and spaces kept. */
  template: string;
  unread?: string;
}

/** Fields and body of a file whose frontmatter is optional; never throws. */
export function readFrontmatter(text: string): Frontmatter {
  const found = splitFrontmatter(text);
  if (!found) {
    const whole = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
    return { fields: {}, body: whole.trim(), template: whole };
  }
  const { template, ...parts } = found;
  let fields: unknown;
  try {
    fields = parseYaml(parts.yaml);
  } catch (err) {
    try {
      fields = parseYaml(quoteLooseValues(parts.yaml));
    } catch {
      const loose = looseFields(parts.yaml);
      if (loose) return { fields: loose, body: parts.body, template };
      const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
      return { fields: {}, body: parts.body, template, unread: `its frontmatter is not valid YAML (${message.replace(/[.:]$/, '')})` };
    }
  }
  if (fields === null || fields === undefined) return { fields: {}, body: parts.body, template };
  if (typeof fields !== 'object' || Array.isArray(fields)) return { fields: {}, body: parts.body, template, unread: 'its frontmatter is not a set of key: value lines' };
  return { fields: fields as Record<string, unknown>, body: parts.body, template };
}
