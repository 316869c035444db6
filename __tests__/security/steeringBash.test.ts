// A bash command that writes a file steering rein (settings, instructions, hooks, git config) asks in every mode
// but yolo, whatever allow rules say; plan mode refuses it.
import { attack, attackTable, asksButYolo, firmAsk, runs, useFixture, type Rules } from './bashFixture.js';

const fx = useFixture();
const broad: Rules = { allow: ['tee', 'cp', 'mv', 'sed', 'perl', 'ln', 'rm', 'truncate', 'install', 'dd', 'git config', 'git remote', 'git apply', 'patch', 'touch', 'mkdir', 'chmod', 'tar', 'unzip', 'rsync', 'echo', 'cd', 'python3'].map((c) => `Bash(${c}:*)`) };

attackTable('bash writes that steer rein', fx, [
  attack('echo x | tee .claude/settings.json', asksButYolo, broad),
  attack('tee -a CLAUDE.md < /dev/null', asksButYolo, broad),
  attack('cp tpl/.claude/settings.json .claude/settings.local.json', asksButYolo, broad),
  attack('cp -r tpl/. .', asksButYolo, broad),
  attack('cp -r tpl/.claude .', asksButYolo, broad),
  attack('cp -t .claude a.txt', asksButYolo, broad),
  attack('cp a.txt docs/link-claude/', asksButYolo, broad),
  attack('rsync -a tpl/ ./', asksButYolo, broad),
  attack('mv a.txt .mcp.json', asksButYolo, broad),
  attack('mv .claude .claude-old', asksButYolo, broad),
  attack('mv -t .rein a.txt', asksButYolo, broad),
  attack('sed -i s/a/b/ CLAUDE.md', asksButYolo, broad),
  attack('sed -i.bak s/a/b/ AGENTS.md', asksButYolo, broad),
  attack('sed --in-place s/a/b/ docs/CLAUDE.md', asksButYolo, broad),
  attack('perl -pi -e s/a/b/ CLAUDE.md', asksButYolo, broad),
  attack('ln -sf /tmp/evil .claude/commands', asksButYolo, broad),
  attack('ln -s tpl/.claude/settings.json .claude/settings.local.json', asksButYolo, broad),
  attack('rm .claude/settings.json', asksButYolo, broad),
  attack('rm -r .claude', asksButYolo, broad),
  attack('truncate -s0 AGENTS.md', asksButYolo, broad),
  attack('dd if=a.txt of=CLAUDE.md', asksButYolo, broad),
  attack('touch .rein/x', asksButYolo, broad),
  attack('mkdir -p .claude/commands', asksButYolo, broad),
  attack('tar xf x.tar', asksButYolo, broad),
  attack('unzip -o x.zip', asksButYolo, broad),
  attack('git apply patches/steer.diff', asksButYolo, broad),
  attack('patch -p1 < patches/steer.diff', asksButYolo, broad),
  attack('cd .claude && cp ../a.txt settings.local.json', asksButYolo, broad),
  attack('ln CLAUDE.md notes.md', asksButYolo, broad),
  attack('cp -l AGENTS.md notes.md', asksButYolo, broad),
  attack('ln -s .claude c && echo x > c/settings.json', asksButYolo, broad),
  attack('ln -s ../CLAUDE.md docs/notes.md', asksButYolo, broad),
]);

attackTable('bash writes into git internals ask even in yolo', fx, [
  attack('ln -s /tmp/x .git/hooks/pre-commit', firmAsk, broad),
  attack('install -m755 a.txt .git/hooks/pre-commit', firmAsk, broad),
  attack('chmod +x .git/hooks/README', firmAsk, broad),
  attack("git config core.fsmonitor 'touch p'", firmAsk, broad),
  attack('git config --local core.hooksPath x', firmAsk, broad),
  attack('git config --file .git/config alias.st status', firmAsk, broad),
  attack('git remote add evil https://example.invalid', firmAsk, broad),
  attack('cp a.txt link-hooks/post-checkout', firmAsk, broad),
  attack('cd src && git config core.fsmonitor x', firmAsk, broad),
  attack('git -C src config core.fsmonitor x', firmAsk, broad),
  attack('cd .git/hooks && git remote add o https://example.invalid', firmAsk, broad),
  attack('git init --template=/tmp/evil', asksButYolo, broad),
]);

attackTable('ordinary writes keep their decisions', fx, [
  attack('cp a.txt b.txt', runs, broad),
  attack('mv a.txt src/', runs, broad),
  attack('sed -i s/a/b/ src/x.ts', runs, broad),
  attack('echo x | tee out.txt', runs, broad),
  attack('mkdir -p dist', runs, broad),
  attack('git apply patches/plain.diff', runs, broad),
  attack('git config --global user.name x', runs, broad),
  attack('cp -r tpl/readme.md docs/', runs, broad),
  attack('cd build && tar xf ../x.tar', runs, broad),
]);
