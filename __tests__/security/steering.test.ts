import { describe, expect, it } from 'vitest';
import { holdsSteeringFiles, isSteeringPath } from '../../source/permissions/steering.js';

const ws = '/work/project';

describe('steering files', () => {
  it.each([
    '.claude/settings.json', '.claude/settings.local.json', '.claude/agents/x.md', '.claude/commands/a/b.md', '.claude/skills/s/SKILL.md',
    '.claude', '.rein/hooks.json', 'agent.config.json', '.mcp.json', 'CLAUDE.md', 'docs/CLAUDE.md', 'AGENTS.md', 'pkg/AGENTS.md',
    'CLAUDE.local.md', '.git/config', '.git/hooks/pre-commit', '.git/hooks',
  ])('%s steers rein', (rel) => {
    expect(isSteeringPath(`${ws}/${rel}`, ws)).toBe(true);
  });

  it.each(['src/index.ts', 'README.md', '.git/HEAD', 'claude.txt', '.claudeignore', 'x/agent.config.json.bak', '.github/workflows/ci.yml'])('%s does not', (rel) => {
    expect(isSteeringPath(`${ws}/${rel}`, ws)).toBe(false);
  });

  it('nothing outside the workspace is judged a steering file here', () => {
    expect(isSteeringPath('/other/.claude/settings.json', ws)).toBe(false);
    expect(isSteeringPath('/work/project-b/.mcp.json', ws)).toBe(false);
  });

  it('the folders that hold steering files, and their parents, hold them', () => {
    for (const p of [ws, '/work', '/', `${ws}/.git`, `${ws}/.claude`, `${ws}/.claude/agents`]) expect(holdsSteeringFiles(p, ws)).toBe(true);
    for (const p of [`${ws}/src`, '/tmp', `${ws}/.git/objects`, '/work/project-b']) expect(holdsSteeringFiles(p, ws)).toBe(false);
  });
});
