// Line continuations are joined before parsing, as bash joins them, so rules match the words bash runs; a recording
// shim shows that rein and bash split every form the same way.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { expandShell } from '../../source/permissions/wrappers.js';
import { loadShellParser } from '../../source/permissions/shellParser.js';
import { attack, attackTable, asksButYolo, runs, useFixture } from './bashFixture.js';

const fx = useFixture();
const npmTest = { allow: ['Bash(npm run test:*)'] };

attackTable('continuations inside and between words', fx, [
  attack('npm run test\\\n:pwn', asksButYolo, npmTest),
  attack('npm run "test\\\n:pwn"', asksButYolo, npmTest),
  attack("npm run 'test\\\n:pwn'", asksButYolo, npmTest),
  attack('npm run test\\\\\n:pwn', asksButYolo, npmTest),
  attack('npm run te\\\nst', runs, npmTest),
  attack('npm \\\nrun test -- --watch', runs, npmTest),
  attack('npm run test \\\n&& touch p', asksButYolo, npmTest),
  attack('npm run test # note \\\ntouch p', asksButYolo, npmTest),
  attack('npm run test\\\n;touch p', asksButYolo, npmTest),
  attack('git sta\\\ntus', runs, { allow: ['Bash(git status:*)'] }),
  attack('git status\\\n--short', asksButYolo, { allow: ['Bash(git status:*)'] }),
  attack("echo 'a\\\nb'", runs, { allow: ['Bash(echo:*)'] }),
]);

describe('rein and bash agree on the words', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rein-join-'));
  const log = join(dir, 'argv.log');
  writeFileSync(join(dir, 'rec'), `#!/bin/sh\nnode -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@" >> '${log}'\n`);
  chmodSync(join(dir, 'rec'), 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const forms = [
    'rec a\\\nb', 'rec "a\\\nb"', "rec 'a\\\nb'", 'rec a\\\\\nrec b', 're\\\nc x y', 'rec x # c \\\nrec y', 'rec $\'a\\\nb\'',
    'rec "x\\\\\ny"', 'rec a\\\n\\\nb', 'rec a \\\n b', 'rec a\\ \\\nb', 'rec test\\\n:pwn',
    'rec {a,b\\\n}c', 'rec <<E\nx\\\ny\nE\nrec z',
  ];
  it.each(forms.map((f) => [f.replace(/\n/g, '⏎'), f]))('%s', async (_name, form) => {
    await loadShellParser();
    writeFileSync(log, '');
    await execa('bash', ['-c', form], { env: { PATH: `${dir}:/usr/bin:/bin` }, extendEnv: false });
    const ran = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as string[]);
    const seen = expandShell(form).views.filter((v) => v.words[0]?.text === 'rec').map((v) => v.words.slice(1).map((w) => w.text));
    expect(seen).toEqual(ran);
  });
});
