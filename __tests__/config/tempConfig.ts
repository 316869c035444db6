// Temp folders standing in for REIN_HOME and a project, so tests never read the real ~/.rein.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TempConfigDirs {
  root: string;
  home: string;
  project: string;
  /** A clean environment pointing HOME and REIN_HOME into the temp folder. */
  env: Record<string, string | undefined>;
  write(dir: string, content: unknown): string;
  cleanup(): void;
}

export function makeTempConfigDirs(): TempConfigDirs {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rein-config-')));
  const home = path.join(root, 'rein-home');
  const project = path.join(root, 'project');
  fs.mkdirSync(home);
  fs.mkdirSync(project);
  return {
    root,
    home,
    project,
    env: { HOME: root, REIN_HOME: home },
    write(dir, content) {
      const file = path.join(dir, 'agent.config.json');
      fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return file;
    },
    cleanup() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
