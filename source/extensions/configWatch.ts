// Watches the settings files (and the skills folder) while a session runs, for ConfigChange hooks: each real change
// to a file's content is reported once, whoever wrote it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Claude Code's ConfigChange sources. */
export type ConfigSource = 'user_settings' | 'project_settings' | 'local_settings' | 'skills';

export interface WatchedConfig {
  /** A settings file, or (source "skills") the folder whose files are watched. */
  path: string;
  source: ConfigSource;
}

const digest = (file: string): string | undefined => {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
};

export class ConfigWatcher {
  private readonly watchers: FSWatcher[] = [];
  private readonly seen = new Map<string, string | undefined>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(configs: readonly WatchedConfig[], private readonly onChange: (file: string, source: ConfigSource) => void) {
    const byFolder = new Map<string, WatchedConfig[]>();
    for (const config of configs) {
      if (config.source === 'skills') {
        if (existsSync(config.path)) this.add(config.path, true, (name) => this.changed(join(config.path, name), 'skills'));
        continue;
      }
      this.seen.set(config.path, digest(config.path));
      const folder = dirname(config.path);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), config]);
    }
    // The folder is watched, not the file: editors and rein itself write a new file and rename it into place.
    for (const [folder, files] of byFolder) {
      if (!existsSync(folder)) continue;
      this.add(folder, false, (name) => {
        const hit = files.find((f) => basename(f.path) === name);
        if (hit) this.changed(hit.path, hit.source);
      });
    }
  }

  private add(folder: string, recursive: boolean, on: (name: string) => void): void {
    try {
      const watcher = watch(folder, { recursive, persistent: false }, (_event, name) => {
        if (name) on(name.toString());
      });
      watcher.on('error', () => watcher.close());
      this.watchers.push(watcher);
    } catch {
      // A folder that cannot be watched reports nothing; the session goes on.
    }
  }

  /** Settles a burst of events (a write is often several) into one report, and only for content that changed. */
  private changed(file: string, source: ConfigSource): void {
    clearTimeout(this.timers.get(file));
    const timer = setTimeout(() => {
      this.timers.delete(file);
      const now = digest(file);
      if (source !== 'skills' && now === this.seen.get(file)) return;
      this.seen.set(file, now);
      this.onChange(file, source);
    }, 100);
    timer.unref();
    this.timers.set(file, timer);
  }

  close(): void {
    for (const watcher of this.watchers) watcher.close();
    for (const timer of this.timers.values()) clearTimeout(timer);
  }
}
