// Collects the dynamic material a session adds to the newest user turn before each request.
import type { MemoryStore } from '../../memory/store.js';
import type { ToolSessionState } from '../../tools/types.js';
import type { PermissionMode } from '../../protocol/events.js';
import { backgroundResults, TodoNudge, wrapReminder } from '../reminders.js';
import { modeChangeReminder } from '../systemPrompt.js';

export class SessionReminders {
  private mode: PermissionMode | undefined;
  /** The memory index the model last saw (in the system prompt or a reminder). */
  private memoryIndex: string | undefined;
  private memoryVersion: number;
  private afterCompaction = false;
  /** The date goes into the conversation once: a failed first request leaves it there for the retry. */
  private dateGiven = false;
  private nudge = new TodoNudge();
  /** Folders added with /add-dir this session, and those the model has not heard of yet. */
  private readonly addedDirs: string[] = [];
  private unannouncedDirs: string[] = [];

  constructor(private readonly o: { state: ToolSessionState; memory?: MemoryStore; now?: () => Date }) {
    this.memoryIndex = o.memory?.indexText();
    this.memoryVersion = o.memory?.version ?? 0;
  }

  modeChanged(mode: PermissionMode): void {
    this.mode = mode;
  }

  /**
   * A folder added mid-session reaches the model as a reminder in the newest turn rather than in the system prompt,
   * whose bytes stay the same so the provider's prompt cache keeps hitting.
   */
  dirAdded(dir: string): void {
    this.addedDirs.push(dir);
    this.unannouncedDirs.push(dir);
  }

  toolFinished(name: string): void {
    if (name === 'todo_write') this.nudge.wrote();
  }

  /** After a summary replaced older history, restate the state tools keep so the model does not lose it. */
  compacted(): void {
    this.afterCompaction = true;
  }

  reset(): void {
    this.mode = undefined;
    this.afterCompaction = false;
    this.dateGiven = false;
    this.nudge = new TodoNudge();
    // The folders stay usable after /clear; the new conversation hears of them again.
    this.unannouncedDirs = [...this.addedDirs];
  }

  /** Called once before each request. */
  collect(firstRequest: boolean): string[] {
    const out: string[] = [];
    if (firstRequest && !this.dateGiven) {
      this.dateGiven = true;
      const now = (this.o.now ?? (() => new Date()))();
      out.push(wrapReminder(`Today's date is ${now.toISOString().slice(0, 10)}.`));
    }
    if (this.mode) {
      out.push(wrapReminder(modeChangeReminder(this.mode)));
      this.mode = undefined;
    }
    // Saved by the model or by the user (/memory): either way the next request shows the new index.
    // The files are read again only after a change through the store, not before every request.
    const memory = this.o.memory;
    const index = memory && memory.version !== this.memoryVersion ? memory.indexText() : this.memoryIndex;
    this.memoryVersion = memory?.version ?? 0;
    if (index !== undefined && index !== this.memoryIndex) {
      this.memoryIndex = index;
      out.push(wrapReminder(index ? `The memory index changed; it now reads:\n${index}` : 'All memories were deleted.'));
    }
    if (this.unannouncedDirs.length > 0) {
      out.push(wrapReminder(`The user added ${this.unannouncedDirs.length === 1 ? 'a folder' : 'folders'} the file tools may now read and write, like the workspace: ${this.unannouncedDirs.join(', ')}`));
      this.unannouncedDirs = [];
    }
    if (this.afterCompaction) {
      this.afterCompaction = false;
      const state = this.stateSummary();
      if (state) out.push(wrapReminder(state));
    }
    const background = this.o.state.background;
    const finished = backgroundResults(background.takeFinished(), (taskId) => background.output(taskId));
    if (finished) out.push(finished);
    const nudge = this.nudge.beforeRequest(this.o.state.todos);
    if (nudge) out.push(nudge);
    return out;
  }

  private stateSummary(): string | undefined {
    const parts: string[] = [];
    const todos = this.o.state.todos;
    if (todos.length > 0) parts.push(`The todo list carries over:\n${todos.map((t) => `- [${t.status}] ${t.content}`).join('\n')}`);
    if (this.addedDirs.length > 0) parts.push(`Folders added with /add-dir, which the file tools may use: ${this.addedDirs.join(', ')}`);
    const running = this.o.state.background.list().filter((t) => t.status === 'running');
    if (running.length > 0) parts.push(`Background tasks still running:\n${running.map((t) => `- ${t.taskId}: ${t.command}`).join('\n')}`);
    return parts.length > 0 ? parts.join('\n\n') : undefined;
  }
}
