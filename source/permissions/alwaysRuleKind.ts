// The kind of rule "always" saves, apart from the bash analysis that makes the rules: the approval dialog's words need
// only this, and the analysis loads with the bash grammar.
import type { AlwaysRuleKind } from '../protocol/events.js';

/** What kind of rule "always" saves, in words for the approval dialog. */
export function alwaysRuleKind(rules: readonly string[]): AlwaysRuleKind {
  if (rules.some((r) => /^Bash\(.*:\*\)$/s.test(r))) return 'prefix';
  return rules.some((r) => /^Bash\(/.test(r)) ? 'exact' : 'tool';
}
