// The project's instruction files for the system prompt, their @imports held to the same read rules as read_file.
import path from 'node:path';
import type { ReinConfig } from '../config/index.js';
import { contextWindowFor } from '../providers/modelInfo.js';
import { estimateTokens } from '../engine/tokens.js';
import { discoverInstructions } from '../memory/instructions.js';
import type { ImportCheck } from '../memory/instructionImports.js';
import { findGitRoot } from '../memory/projectKey.js';
import { PermissionPolicy } from '../permissions/policy.js';
import type { PermissionRule } from '../permissions/rules.js';

export interface InstructionsInput {
  cwd: string;
  reinHome: string;
  config: ReinConfig;
  model: string;
  rules: PermissionRule[];
  /** Imports from outside the project (workspace or repository) are read only when it is trusted. */
  projectTrusted: boolean;
}

const isWithin = (child: string, root: string) => {
  const rel = path.relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
};

/** Deny rules and protected paths always hold; the user's own files may import from anywhere else, a project's only from inside it. */
function importCheck(o: InstructionsInput): ImportCheck {
  const workspace = o.config.security.workspace;
  const policy = new PermissionPolicy({ rules: o.rules, workspace, protectedPaths: o.config.permissions?.protectedPaths });
  const roots = [path.resolve(workspace), findGitRoot(o.cwd) ?? path.resolve(o.cwd)];
  return (realPath, fromUserFile) => {
    const refusal = policy.readRefusal(realPath);
    if (refusal) return { reason: refusal };
    if (fromUserFile || o.projectTrusted || roots.some((root) => isWithin(realPath, root))) return undefined;
    return { reason: `it lies outside the project (${realPath}), which is read only once you trust the project`, needsTrust: true };
  };
}

export function instructionsFor(o: InstructionsInput): ReturnType<typeof discoverInstructions> {
  const window = o.config.context.maxContextTokens ?? contextWindowFor(o.model);
  const budget = o.config.context.instructionsBudgetTokens ?? Math.min(5000, Math.floor(window / 40));
  return discoverInstructions({ cwd: o.cwd, reinHome: o.reinHome, budgetTokens: budget, countTokens: estimateTokens, checkImport: importCheck(o) });
}
