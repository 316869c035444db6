// /skills: lists the skills the model was told about, with where each comes from and its SKILL.md.
import type { SlashCommand } from './slashCommand.js';

export const skillsCommand: SlashCommand = {
  name: 'skills',
  description: 'list the skills the model can use',
  run(ctx) {
    const skills = ctx.skills();
    if (skills.length === 0) {
      ctx.print('No skills found. Add a folder with a SKILL.md (frontmatter name and description) to .rein/skills/ or .claude/skills/, then start rein again.');
      return;
    }
    const lines = skills.map((s) => `  ${s.name}: ${s.description} (${s.origin})\n    ${s.file}`);
    ctx.print(['Skills:', ...lines].join('\n'));
  },
};
