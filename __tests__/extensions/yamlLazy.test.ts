// YAML is loaded on the first frontmatter that needs it: a folder without skills, commands or agent files never
// loads it, and the build ships it as one file of its own, outside every chunk a start loads.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSkills } from '../../source/extensions/skills.js';
import { yamlLoaded } from '../../source/extensions/yaml.js';

const root = mkdtempSync(join(tmpdir(), 'rein-yaml-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// A message of yaml's own parser, found in its code wherever that code is bundled.
const yamlMarker = 'Implicit keys need to be on a single line';

describe('YAML for frontmatter', () => {
  it('is not loaded for a folder without skills, and is loaded by the first skill with frontmatter', () => {
    const folders = { workspace: join(root, 'project'), reinHome: join(root, 'rein'), home: join(root, 'home') };
    mkdirSync(folders.workspace, { recursive: true });
    expect(loadSkills(folders).skills).toEqual([]);
    expect(yamlLoaded()).toBe(false);

    mkdirSync(join(folders.workspace, '.claude', 'skills', 'tidy'), { recursive: true });
    writeFileSync(join(folders.workspace, '.claude', 'skills', 'tidy', 'SKILL.md'), '---\ndescription: "tidies: a file"\n---\nTidy it.\n');
    expect(loadSkills(folders).skills.map((s) => [s.name, s.description])).toEqual([['tidy', 'tidies: a file']]);
    expect(yamlLoaded()).toBe(true);
  });

  it('is built as dist/yaml.cjs, which parses, and is in no chunk of the bundle', () => {
    const built = createRequire(import.meta.url)(resolve('dist/yaml.cjs')) as typeof import('yaml');
    expect(built.parse('description: tidies\ntools: [a, b]')).toEqual({ description: 'tidies', tools: ['a', 'b'] });
    expect(readFileSync(resolve('dist/yaml.cjs'), 'utf8')).toContain(yamlMarker);
    const chunks = readdirSync('dist').filter((file) => /\.c?js$/.test(file) && file !== 'yaml.cjs');
    expect(chunks).toContain('cli.js');
    expect(chunks).toContain('main.cjs');
    expect(chunks.filter((file) => readFileSync(join('dist', file), 'utf8').includes(yamlMarker))).toEqual([]);
  });
});
