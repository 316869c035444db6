// One register of every process group rein starts (commands, background tasks; MCP servers and hooks too), so every way out can stop them all.

export interface ProcessGroupEntry {
  /** The group leader's pid, which is also the group id (processes are started detached, in a group of their own). */
  pid: number;
  /** What it is, for messages: a command line, a server name. */
  label: string;
}

interface Entry extends ProcessGroupEntry {
  /** Counted among the groups stopped because rein was shutting down. */
  counted: boolean;
}

const groups = new Map<number, Entry>();
let stoppedAtShutdown = 0;

/** True while any process of the group exists (a zombie leader included); EPERM means it exists but is not ours to signal. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
}

/**
 * Registers a process group rein started; call the returned function once the whole group is gone.
 * A group whose leader exited while other members live on (`server &`) should stay registered.
 */
export function registerProcessGroup(pid: number, label: string): () => void {
  const entry: Entry = { pid, label, counted: false };
  groups.set(pid, entry);
  return () => {
    // A later group may have been given the same pid: only this registration is removed.
    if (groups.get(pid) === entry) groups.delete(pid);
  };
}

/** Registered groups that still exist; entries whose group is gone are dropped on the way. */
export function runningProcessGroups(): ProcessGroupEntry[] {
  const running: ProcessGroupEntry[] = [];
  for (const entry of [...groups.values()]) {
    if (groupAlive(entry.pid)) running.push({ pid: entry.pid, label: entry.label });
    else groups.delete(entry.pid);
  }
  return running;
}

/**
 * Marks the start of a shutdown: every group still running is counted as one rein had to stop. Returns the
 * number counted so far in this process (each group once, however many ways out run after this).
 */
export function beginShutdown(): number {
  for (const entry of [...groups.values()]) {
    if (entry.counted) continue;
    if (!groupAlive(entry.pid)) {
      groups.delete(entry.pid);
      continue;
    }
    entry.counted = true;
    stoppedAtShutdown += 1;
  }
  return stoppedAtShutdown;
}

/**
 * Synchronous last resort for exit hooks, where nothing can be awaited: SIGTERM then SIGKILL to every
 * registered group. Returns the number of groups rein had to stop in all.
 */
export function killAllProcessGroupsNow(): number {
  const total = beginShutdown();
  for (const entry of [...groups.values()]) {
    signalGroup(entry.pid, 'SIGTERM');
    signalGroup(entry.pid, 'SIGKILL');
    groups.delete(entry.pid);
  }
  return total;
}

/**
 * Stops every registered group: SIGTERM, up to `graceMs` for them to exit, then SIGKILL for what is left.
 * Returns the number of groups rein had to stop in all.
 */
export async function stopAllProcessGroups(graceMs = 1_000): Promise<number> {
  const total = beginShutdown();
  const pids = [...groups.keys()];
  for (const pid of pids) signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (pids.some(groupAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const pid of pids) {
    signalGroup(pid, 'SIGKILL');
    groups.delete(pid);
  }
  return total;
}

/** The one line said when rein had to stop processes on its way out. */
export const stoppedProcessesLine = (count: number): string =>
  `Stopped ${count} running ${count === 1 ? 'command' : 'commands'}.`;
