// Protected paths and read-deny rules are judged on the real path a command touches: globs expanded against the
// disk, `~` and variables expanded, symlinks and /proc links followed, folders searched recursively looked into.
import { attack, attackTable, askEverywhere, firmAsk, refused, type Expected, useFixture, type Rules } from './bashFixture.js';

const fx = useFixture();
/** Read-only and touching nothing protected: asks without a rule in ask and auto-edit mode, runs in plan and yolo mode. */
const readOnly: Expected = { ask: 'ask', 'auto-edit': 'ask', plan: 'allow', yolo: 'allow' };
const secrets: Rules = { deny: ['Read(secrets)', 'Read(./private/**)'] };

attackTable('protected files behind globs, variables and links', fx, [
  attack('cat .e*', askEverywhere),
  attack('cat .en?', askEverywhere),
  attack('cat .[e]nv', askEverywhere),
  attack('cat .env', askEverywhere),
  attack('cat ./.env', askEverywhere),
  attack('cat src/../.env', askEverywhere),
  attack('cat .//.env', askEverywhere),
  attack('cat -- .env', askEverywhere),
  attack('head -c 100 .env', askEverywhere),
  attack('sort .env', askEverywhere),
  attack('diff .env /dev/null', askEverywhere),
  attack('cat "$PWD/.env"', askEverywhere),
  attack('cat ${PWD}/.env', askEverywhere),
  attack('cat ~+/.env', askEverywhere),
  attack('cd src && cat ../.env', askEverywhere),
  attack('cat ~/.aws/credentials', askEverywhere),
  attack('cat $HOME/.aws/credentials', askEverywhere),
  attack('cat "${HOME}/.ssh/id_ed25519"', askEverywhere),
  attack('cat ~/.ssh/*', askEverywhere),
  attack('cat link-env', askEverywhere),
  attack('cat link-ssh', askEverywhere),
  attack('cat linkdir-ssh/id_ed25519', askEverywhere),
  attack('cat linkdir-ssh/*', askEverywhere),
  attack('cat linkdir-ssh/../.ssh/id_ed25519', askEverywhere),
  attack('cat linkdir-ssh/../.aws/credentials', askEverywhere),
  attack('cat /proc/self/cwd/.env', askEverywhere),
  attack('cat /proc/self/root$HOME/.aws/credentials', askEverywhere),
  attack('cat /proc/1/root$HOME/.ssh/id_ed25519', askEverywhere),
  attack('cat /proc/$$/cwd/.env', askEverywhere),
  attack('grep -r SECRET .', askEverywhere),
  attack('grep -R SECRET', askEverywhere),
  attack('grep -rn SECRET src/..', askEverywhere),
  attack('grep --include=.env -r x .', askEverywhere),
  attack('grep -r KEY linkdir-ssh', askEverywhere),
  attack('grep -R KEY docs/..', askEverywhere),
  attack('rg --hidden SECRET', askEverywhere),
  attack('rg -uu SECRET', askEverywhere),
  attack('rg -. SECRET .', askEverywhere),
  attack('cp .env /tmp/rein-sec-copy', firmAsk),
  attack('tar czf /tmp/rein-sec.tgz .', firmAsk),
  attack('cp -r linkdir-ssh/. /tmp/rein-sec-keys', firmAsk),
  attack('grep --file=.env x a.txt', askEverywhere),
  attack('find . -name ".e*" -exec cat {} +', firmAsk),
  attack('find . -exec cat {} \\;', firmAsk),
  attack('find linkdir-ssh/ -type f -exec cat {} +', firmAsk),
  attack('git ls-files | xargs cat', firmAsk),
  attack('while read l; do echo "$l"; done < .env', firmAsk),
  attack('cat /dev/fd/3 3<.env', askEverywhere),
  attack('ln .env x', firmAsk),
  attack('jq --rawfile s .env -n "$s"', askEverywhere),
]);

attackTable('read-deny rules reach bash', fx, [
  attack('cat secrets/key.txt', refused, secrets),
  attack('cat ./secrets//key.txt', refused, secrets),
  attack('cat secrets/*', refused, secrets),
  attack('cat secret?/key.txt', refused, secrets),
  attack('ls secrets', refused, secrets),
  attack('grep -r k .', refused, secrets),
  attack('cd secrets && cat key.txt', refused, secrets),
  attack('cat < secrets/key.txt', refused, secrets),
  attack('cat .env', refused, { deny: ['Read(.env)'] }),
  attack('cat link-env', refused, { deny: ['Read(.env)'] }),
]);

attackTable('reads that touch nothing protected keep their decisions', fx, [
  attack('cat src/x.ts', readOnly),
  attack('grep -r export src', readOnly),
  attack('rg SECRET', readOnly),
  attack('ls -la', readOnly),
  attack('cat a.txt docs/guide.md', readOnly),
  attack('cat .git/HEAD', readOnly),
  attack('cat secrets/key.txt', readOnly),
  attack('find . -name "*.ts" -exec cat {} +', { ...readOnly, plan: 'deny', yolo: 'allow' }),
]);
