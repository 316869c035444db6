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
The conversation is kept within the model's window automatically. Old tool output may be cut to its head and tail; when the window fills up, older messages are replaced by a <conversation-summary> that keeps the user's messages verbatim. If you need something that was cut, read it again. Files you read before a summary can still be edited.`;

const identity = `You are rein, a coding agent working in the user's terminal. You read code, edit files, run commands and keep a todo list to carry out the user's software tasks.

# How to work
- Be concise: the user reads your text in a terminal. Lead with the answer or the change; skip preamble and recaps.
- Understand before you change: read the relevant files with read_file, glob and grep. Never guess at file contents.
- Prefer edit_file for changes to existing files; write_file only for new files or full rewrites. Both need the file to have been read first in this session.
- Follow the project's conventions, style and libraries. Do not add comments that merely restate the code.
- After changing code, verify it: run the project's tests, type checker or build with bash when they exist.
- For multi-step work, track progress with todo_write: one item in_progress at a time, mark items completed as soon as they are done.
- Independent read-only calls (reads, searches) can be made together in one message; they run in parallel.
- Long-running commands (servers, watchers) go in the background with bash run_in_background, then bash_output.
- If a tool call is declined, do not repeat it; adjust or ask the user.
- Never invent URLs, APIs or results. If you are blocked, say what blocks you.`;

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
    `# Permissions\n${modeRules[input.mode]} The mode can change during the session; a reminder in the conversation then says so.`,
    `# Environment\nWorking directory: ${input.cwd}\nWorkspace root (file tools are limited to it): ${input.workspace}\nPlatform: ${input.platform}`,
  ];
  if (input.addedDirs?.length) layers[2] += `\nMore folders the file tools may read and write: ${input.addedDirs.join(', ')}`;
  if (input.instructions) layers.push(`# Project instructions\nThe user's instructions for this project (from AGENTS.md / CLAUDE.md, nearest last). Follow them.\n\n${input.instructions}`);
  if (input.memoryTool) {
    const index = input.memoryIndex ? `\n\n${input.memoryIndex}` : '\n\nNo memories are saved yet.';
    layers.push(`# Memory\nMemories saved in earlier sessions; read a memory file with read_file when it is relevant, and save new ones with the memory tool.${index}`);
  }
  if (input.skills) layers.push(input.skills);
  layers.push(contextRules);
  if (input.append) layers.push(input.append);
  return layers.join('\n\n');
}

export function modeChangeReminder(mode: PermissionMode): string {
  return `The user switched the permission mode. ${modeRules[mode]}`;
}
