// Reads a GitHub event payload into the task the action runs: who asks, what they ask, and where to answer.

/** GitHub's author_association values that stand for write access by default. */
export const defaultAssociations = ['OWNER', 'MEMBER', 'COLLABORATOR'];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The task in a comment: the text after the trigger word, up to the end of the comment. Quoted lines (`> …`, a
 * reply to an earlier comment) never trigger; the trigger must stand alone, so `/rein` does not fire on `/reinstall`.
 * Returns undefined when the comment holds no trigger, '' when the trigger has nothing after it.
 */
export function promptAfterTrigger(body, trigger) {
  const text = String(body ?? '').replace(/\r\n/g, '\n').split('\n').filter((line) => !/^\s*>/.test(line)).join('\n');
  const match = new RegExp(`(^|\\s)${escapeRegExp(trigger)}(?![\\w-])`, 'i').exec(text);
  if (!match) return undefined;
  return text.slice(match.index + match[0].length).replace(/^[\s:,]+/, '').trim();
}

/** The association list of the `allowed-associations` input: comma- or space-separated, case-insensitive. */
export function parseAssociations(text) {
  const list = String(text ?? '').split(/[\s,]+/).filter(Boolean).map((word) => word.toUpperCase());
  return list.length > 0 ? list : defaultAssociations;
}

/**
 * What the event asks for. `{ run: false, reason, detail }` when nothing should run (and nobody is answered);
 * otherwise `{ run: true, prompt, actor, target, context }`, where `actor` is the login whose write access must be
 * confirmed (undefined when GitHub already required it to start the workflow) and `target` the issue or pull
 * request to comment on.
 */
export function readTask(eventName, payload, inputs) {
  const allowed = parseAssociations(inputs.allowedAssociations);
  const repository = payload?.repository?.full_name ?? '';

  if (eventName === 'issue_comment') {
    const { comment, issue } = payload;
    if (payload.action !== 'created') return skip('not-created', `The comment was ${payload.action}, not created; only new comments start rein.`);
    if (comment?.user?.type === 'Bot') return skip('bot', `The comment is by a bot (${comment.user.login}).`);
    const asked = promptAfterTrigger(comment?.body, inputs.trigger);
    if (asked === undefined) return skip('no-trigger', `The comment does not contain ${inputs.trigger}.`);
    const login = comment?.user?.login ?? '';
    const association = String(comment?.author_association ?? 'NONE');
    if (!allowed.includes(association)) {
      return skip('not-allowed', `@${login} is ${association} on ${repository}; only ${allowed.join(', ')} may start rein.`, login);
    }
    const kind = issue?.pull_request ? 'pull request' : 'issue';
    return {
      run: true, actor: login, association,
      prompt: asked || inputs.prompt || '',
      target: { number: issue.number, kind },
      context: `This run answers a comment by @${login} on ${kind} #${issue.number} ("${oneLine(issue.title)}") of ${repository}.`,
    };
  }

  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const pr = payload.pull_request;
    const login = pr?.user?.login ?? '';
    const association = String(pr?.author_association ?? 'NONE');
    if (!allowed.includes(association)) {
      return skip('not-allowed', `@${login} opened this pull request as ${association}; only ${allowed.join(', ')} may start rein.`, login);
    }
    return {
      run: true, actor: login, association, prompt: inputs.prompt ?? '',
      target: { number: pr.number, kind: 'pull request' },
      context: `This run is for pull request #${pr.number} ("${oneLine(pr.title)}") of ${repository}, from ${pr.head?.ref} into ${pr.base?.ref}.`,
    };
  }

  // Every other event (workflow_dispatch, schedule, push, workflow_call…) needs write access to start at all.
  const number = Number.parseInt(inputs.issueNumber ?? '', 10);
  return {
    run: true, actor: undefined, prompt: inputs.prompt ?? '',
    target: Number.isInteger(number) && number > 0 ? { number, kind: 'issue' } : undefined,
    context: `This run was started by the ${eventName} event in ${repository || 'a GitHub repository'}.`,
  };
}

const oneLine = (text) => String(text ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);

function skip(reason, detail, actor) {
  return { run: false, reason, detail, actor };
}
