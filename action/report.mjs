// What the action says back: the comment's text, the step's outputs and summary, log annotations, and redaction.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/** Replaces every secret value (tokens, keys) in `text` with `***`, so an answer cannot carry one into a comment. */
export function redact(text, secrets) {
  let out = String(text ?? '');
  for (const secret of secrets) if (secret && secret.length >= 8) out = out.split(secret).join('***');
  return out;
}

const toolNames = { bash: 'Bash', write_file: 'Write', edit_file: 'Edit' };

/** The comment posted for a finished or failed run. */
export function commentBody({ outcome, mode, runUrl }) {
  const { result, error, exitCode } = outcome;
  const lines = [];
  if (error) lines.push(`**rein could not finish:** ${error}`);
  else lines.push(String(result?.result ?? '').trim() || '*(rein finished without an answer)*');

  const denied = [...new Set((result?.permission_denials ?? []).map((d) => toolNames[d.tool_name] ?? d.tool_name))];
  if (denied.length > 0) {
    const count = result.permission_denials.length;
    lines.push('', `> ${count} tool call${count === 1 ? ' was' : 's were'} refused in \`${mode}\` mode (${denied.join(', ')}); the workflow's \`permission-mode\` or \`allowed-tools\` input can allow ${count === 1 ? 'it' : 'them'}.`);
  }

  const facts = [`\`${mode}\` mode`];
  if (result?.num_turns !== undefined) facts.push(`${result.num_turns} turn${result.num_turns === 1 ? '' : 's'}`);
  if (typeof result?.total_cost_usd === 'number') facts.push(`$${result.total_cost_usd.toFixed(4)}`);
  if (error) facts.push(`exit code ${exitCode}`);
  if (runUrl) facts.push(`[run and artifacts](${runUrl})`);
  if (result?.session_id) facts.push(`session \`${result.session_id}\``);
  lines.push('', `<sub>rein · ${facts.join(' · ')}</sub>`);
  return lines.join('\n');
}

/** Writes `name=value` pairs to the step's outputs ($GITHUB_OUTPUT), multi-line values included. */
export function setOutputs(file, values) {
  if (!file) return;
  for (const [name, value] of Object.entries(values)) {
    const delimiter = `rein_${randomBytes(8).toString('hex')}`;
    appendFileSync(file, `${name}<<${delimiter}\n${value ?? ''}\n${delimiter}\n`);
  }
}

export function appendSummary(file, markdown) {
  if (file) appendFileSync(file, `${markdown}\n`);
}

/** A workflow command escapes %, CR and LF in its message. */
const escapeData = (text) => String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

export const log = {
  notice: (message) => console.log(`::notice::${escapeData(message)}`),
  warning: (message) => console.log(`::warning::${escapeData(message)}`),
  error: (message) => console.log(`::error::${escapeData(message)}`),
};
