// Bash evaluates some text a second time (prompt expansion, arithmetic on variables, array subscripts in names):
// that text is code, so no prefix rule covers it and plan mode refuses it.
import { attack, attackTable, asksButYolo, runs, useFixture, type Rules } from './bashFixture.js';

const fx = useFixture();
const allow = (...names: string[]): Rules => ({ allow: names.map((n) => `Bash(${n}:*)`) });

attackTable('re-evaluation is code', fx, [
  attack("x='$(touch p)'; echo ${x@P}", asksButYolo, allow('echo')),
  attack("x='$(touch p)'; echo \"${x@P}\"", asksButYolo, allow('echo')),
  attack('echo ${x@P}', asksButYolo, allow('echo')),
  attack("a='x[$(touch p)]'; echo $((a))", asksButYolo, allow('echo')),
  attack("a='x[$(touch p)]'; echo $((a + 1))", asksButYolo, allow('echo')),
  attack('echo $(( $a ))', asksButYolo, allow('echo')),
  attack('echo $[a]', asksButYolo, allow('echo')),
  attack("i='x[$(touch p)]'; echo \"${arr[i]}\"", asksButYolo, allow('echo')),
  attack('echo ${!x}', asksButYolo, allow('echo')),
  attack("test -v 'a[$(touch p)]'", asksButYolo, allow('test')),
  attack('test -v "$v"', asksButYolo, allow('test')),
  attack("echo hi; [ -v 'a[$(touch p)]' ]", asksButYolo, allow('echo')),
  attack("v='a[$(touch p)]'; echo hi && [[ -v $v ]]", asksButYolo, allow('echo')),
  attack('echo hi && [[ $a -eq 1 ]]', asksButYolo, allow('echo')),
  attack('echo hi && (( a ))', asksButYolo, allow('echo')),
  attack("printf -v 'a[$(touch p)]' x", asksButYolo, allow('printf')),
  attack("declare 'a[$(touch p)]=1'", asksButYolo, allow('declare')),
  attack("declare -n r='a[$(touch p)]'; echo $r", asksButYolo, allow('declare', 'echo')),
  attack("read 'a[$(touch p)]' <<< x", asksButYolo, allow('read')),
  attack("unset 'a[$(touch p)]'", asksButYolo, allow('unset')),
  attack("let 'a[$(touch p)]=1'", asksButYolo, allow('let')),
  attack("getopts a 'x[$(touch p)]'", asksButYolo, allow('getopts')),
  attack("wait -p 'x[$(touch p)]'", asksButYolo, allow('wait')),
  attack("x='$(touch p)'; echo hi", asksButYolo, allow('echo')),
  attack("PS4='$(touch p)'; set -x; echo hi", asksButYolo, allow('echo', 'set')),
  attack('x=$(touch p)', asksButYolo, allow('echo')),
  attack('x=`touch p`; echo hi', asksButYolo, allow('echo')),
  attack('export x="$(touch p)"', asksButYolo, allow('export')),
  attack('PATH=.:$PATH; ls', asksButYolo, allow('ls')),
  attack('export PATH=/tmp/x:$PATH && ls', asksButYolo, allow('ls', 'export')),
  attack('LD_PRELOAD=./x.so; export LD_PRELOAD; ls', asksButYolo, allow('ls', 'export')),
  attack('BASH_ENV=./x.sh; export BASH_ENV; ls', asksButYolo, allow('ls', 'export')),
]);

attackTable('plain arithmetic and plain names stay as they were', fx, [
  attack('echo $((1 + 2))', runs, allow('echo')),
  attack('test -v HOME', runs, allow('test')),
  attack('x=1; echo hi', runs, allow('echo')),
]);
