// The system prompt, built once per session so every request starts with the same bytes.
import type { PermissionMode } from '../protocol/events.js';

export interface SystemPromptInput {
  cwd: string;
  workspace: string;
  platform: string;
  /** The mode the session started in; later changes arrive as reminders in the newest user turn. */
  mode: PermissionMode;
  /** AGENTS.md / CLAUDE.md contents, already cut to their budget. */
  instructions?: string;
  /** Both MEMORY.md indexes with their folders. */
  memoryIndex?: string;
  /** Whether the memory tool is on. */
  memoryTool?: boolean;
  /** --system-prompt(-file): replaces the identity and working rules; the facts below it stay. */
  replaceInstructions?: string;
  /** --append-system-prompt: the last layer. */
  append?: string;
  /** The skills section (names, descriptions, SKILL.md paths), built once at session start. */
  skills?: string;
  /** Folders added with --add-dir, which the file tools may use like the workspace. */
  addedDirs?: string[];
}

const contextRules = `# Context
Old tool output may be cut to head and tail, and older messages replaced by a <conversation-summary>; read again what you need. Files read before a summary can still be edited.`;

// Tool-specific rules (read before edit, parallel reads, background commands, todo list rules) live in the tools'
// own descriptions, sent with every request anyway; this says only how to work.
const identity = `You are rein, a coding agent in the user's terminal, carrying out their software tasks.

# How to work
- Be concise: lead with the answer or the change; no preamble or recap.
- Understand before you change: read the relevant code. Never guess at file contents.
- Follow the project's conventions and libraries; no comments that restate the code.
- Verify a change: run the project's tests, type checker or build.
- If a tool call is declined, do not repeat it; adjust or ask the user.
- Never invent URLs, APIs or results; if blocked, say what blocks you.`;

const modeRules: Record<PermissionMode, string> = {
  ask: 'Permission mode: ask. Read-only tools run at once; the user approves each file change and command.',
  'auto-edit': 'Permission mode: auto-edit. File edits run at once; the user approves commands.',
  plan: 'Permission mode: plan. Only read-only tools run. Investigate, then present a concise plan; do not change anything until the user switches modes.',
  yolo: 'Permission mode: yolo. Every tool runs without asking; take extra care with destructive commands.',
};

/** Layers, in order: identity and tool policy; permission rules; environment; project instructions; memory; skills; context rules. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const layers = [
    input.replaceInstructions ?? identity,
    // A later change of mode arrives as a reminder that says so itself.
    `# Permissions\n${modeRules[input.mode]}`,
    input.cwd === input.workspace
      ? `# Environment\nWorkspace root (file tools stay inside it) and working directory: ${input.cwd}\nPlatform: ${input.platform}`
      : `# Environment\nWorking directory: ${input.cwd}\nWorkspace root (file tools stay inside it): ${input.workspace}\nPlatform: ${input.platform}`,
  ];
  if (input.addedDirs?.length) layers[2] += `\nMore folders the file tools may read and write: ${input.addedDirs.join(', ')}`;
  const sections = systemPromptSections(input);
  layers.push(...[sections.instructions, sections.memory, sections.skills].filter((layer): layer is string => layer !== undefined));
  layers.push(contextRules);
  if (input.append) layers.push(input.append);
  return layers.join('\n\n');
}

/** The layers that come from the user's files (instructions, memory, skills), as they stand in the prompt: /context counts them apart. */
export function systemPromptSections(input: SystemPromptInput): { instructions?: string; memory?: string; skills?: string } {
  return {
    ...(input.instructions ? { instructions: `# Project instructions\nThe user's instructions for this project (from AGENTS.md / CLAUDE.md, nearest last). Follow them.\n\n${input.instructions}` } : {}),
    // With nothing saved yet there is nothing to read: the memory tool's description says how to save.
    ...(input.memoryTool && input.memoryIndex ? { memory: `# Memory\nMemories saved in earlier sessions; read one with read_file when it is relevant.\n\n${input.memoryIndex}` } : {}),
    ...(input.skills ? { skills: input.skills } : {}),
  };
}

export function modeChangeReminder(mode: PermissionMode): string {
  return `The user switched the permission mode. ${modeRules[mode]}`;
}
