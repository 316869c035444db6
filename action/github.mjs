// The two GitHub REST calls the action makes, with fetch: a user's permission on the repository, and a comment.

/** GitHub refuses comment bodies longer than this many characters. */
export const maxCommentLength = 65_536;

export function githubClient({ apiUrl, token, repository }) {
  const base = String(apiUrl).replace(/\/+$/, '');

  async function call(method, path, body) {
    let response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'rein-action',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new Error(`The GitHub API at ${base} could not be reached (${error?.cause?.code ?? error?.message ?? error}).`);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 200);
      try {
        message = JSON.parse(text).message ?? message;
      } catch {
        // not JSON: the first characters of the body say enough
      }
      throw new Error(`GitHub answered ${response.status} to ${method} ${path}: ${message}`);
    }
    return text === '' ? {} : JSON.parse(text);
  }

  return {
    /**
     * Whether `login` may write to the repository. GitHub's `permission` folds maintain into write and triage into
     * read; `role_name` keeps them apart, and custom roles based on write name their base in `permission`.
     */
    async canWrite(login) {
      const answer = await call('GET', `/repos/${repository}/collaborators/${encodeURIComponent(login)}/permission`);
      return ['admin', 'write'].includes(answer.permission) || ['admin', 'maintain', 'write'].includes(answer.role_name);
    },
    /** Posts `body` on an issue or pull request; returns the comment's web address. */
    async comment(number, body) {
      const answer = await call('POST', `/repos/${repository}/issues/${number}/comments`, { body: fitComment(body) });
      return answer.html_url ?? '';
    },
  };
}

/** Cuts a comment to GitHub's limit, saying so at the end. */
export function fitComment(body) {
  if (body.length <= maxCommentLength) return body;
  const note = '\n\n*(cut to fit a comment: the whole answer is in the run\'s artifacts)*';
  return body.slice(0, maxCommentLength - note.length) + note;
}
