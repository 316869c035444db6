// A skill as the session knows it: what the system prompt lists and where the model reads it.
import type { CustomCommand } from './commandFile.js';

export interface SkillInfo {
  name: string;
  description: string;
  /** The SKILL.md file; the model reads it (and the files beside it) with read_file when the skill applies. */
  file: string;
  /** The skill's folder, readable by the file tools even outside the workspace. */
  dir: string;
  /** "project", "project, .claude", "user" or "user, .claude". */
  origin: string;
  /** False with `disable-model-invocation: true`: only the user starts it, so the model is not told of it. */
  modelInvocable?: boolean;
  /** `/name args` runs it as Claude Code does; undefined when its name has a space and cannot be typed. */
  command?: CustomCommand;
}
