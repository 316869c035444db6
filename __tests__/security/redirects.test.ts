// Every redirection is an access: `>&`, `&>`, `>|` and `<>` write, `<` reads, and each target is judged as a path
// (the workspace, protected paths, files that steer rein), wherever `cd` has led and whatever a symlink hides.
import { attack, attackTable, askEverywhere, asksButYolo, firmAsk, runs, useFixture, type Rules } from './bashFixture.js';

const fx = useFixture();
const echoCat: Rules = { allow: ['Bash(echo:*)', 'Bash(cat:*)', 'Bash(cd:*)', 'Bash(exec:*)'] };

attackTable('writes into protected files', fx, [
  attack('echo x > .env', firmAsk, echoCat),
  attack('echo x >| .env', firmAsk, echoCat),
  attack('echo x &> .env', firmAsk, echoCat),
  attack('echo x &>> .env.local', firmAsk, echoCat),
  attack('echo x >& .env', firmAsk, echoCat),
  attack('echo x 2> .env', firmAsk, echoCat),
  attack('echo x 1>>.env', firmAsk, echoCat),
  attack('exec 3> .env', firmAsk, echoCat),
  attack('cat <> .env', firmAsk, echoCat),
  attack('echo x >> .git/config', firmAsk, echoCat),
  attack('echo x > .git/../.env', firmAsk, echoCat),
  attack('echo x > ./.git//config', firmAsk, echoCat),
  attack('echo x > link-gitconfig', firmAsk, echoCat),
  attack('echo x > link-env', firmAsk, echoCat),
  attack('echo x > link-hooks/pre-commit', firmAsk, echoCat),
  attack('echo x > "$PWD/.env"', firmAsk, echoCat),
  attack('echo x > ~+/.env', firmAsk, echoCat),
  attack('echo x > "${PWD}/.git/config"', firmAsk, echoCat),
  attack('cd .git && echo x >> config', firmAsk, echoCat),
  attack('cd src; echo x > ../.env', firmAsk, echoCat),
  attack('{ echo x; } > .env', firmAsk, echoCat),
  attack('echo x > .e*', firmAsk, echoCat),
  attack('cd "$X" && echo x > .git/config', firmAsk, echoCat),
  attack('cd - && echo x >> .env', firmAsk, echoCat),
  attack('exec {fd}>.env', firmAsk, echoCat),
]);

attackTable('writes into files that steer rein', fx, [
  attack('echo {} > .claude/settings.local.json', asksButYolo, echoCat),
  attack('echo x >> CLAUDE.md', asksButYolo, echoCat),
  attack('echo x > AGENTS.md', asksButYolo, echoCat),
  attack('echo x > docs/CLAUDE.md', asksButYolo, echoCat),
  attack('echo x > .mcp.json', asksButYolo, echoCat),
  attack('echo x > agent.config.json', asksButYolo, echoCat),
  attack('echo x > .rein/hooks.json', asksButYolo, echoCat),
  attack('echo x > docs/link-claude/settings.json', asksButYolo, echoCat),
  attack('cd .claude && echo {} > settings.local.json', asksButYolo, echoCat),
  attack('echo x >& CLAUDE.md', asksButYolo, echoCat),
  attack('popd; echo {} > .claude/settings.local.json', asksButYolo, echoCat),
  attack('echo x | tee >(cat > CLAUDE.md)', asksButYolo, echoCat),
]);

attackTable('reads through redirection', fx, [
  attack('cat < .env', askEverywhere, echoCat),
  attack('cat 0<.env', askEverywhere, echoCat),
  attack('< .env cat', askEverywhere, echoCat),
  attack('cat < ~/.aws/credentials', askEverywhere, echoCat),
  attack('cat < link-ssh', askEverywhere, echoCat),
]);

attackTable('writes outside the workspace', fx, [
  attack('echo x >& ../outside', asksButYolo, echoCat),
  attack('echo x >& /tmp/rein-sec-x', asksButYolo, echoCat),
  attack('echo x &> /tmp/rein-sec-x', asksButYolo, echoCat),
  attack('echo x > ~/.bashrc', asksButYolo, echoCat),
  attack('echo x > $HOME/.bashrc', asksButYolo, echoCat),
  attack('cd .. && echo x > outside', asksButYolo, echoCat),
]);

attackTable('ordinary redirections keep their decisions', fx, [
  attack('echo x > /dev/null', runs, echoCat),
  attack('echo x 2>&1', runs, echoCat),
  attack('echo x >&2', runs, echoCat),
  attack('echo x > out.txt', runs, echoCat),
  attack('echo x >> build.log', runs, echoCat),
  attack('cat < a.txt', runs, echoCat),
]);
