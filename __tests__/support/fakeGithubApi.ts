// A fake of the two GitHub REST routes the Action calls, on 127.0.0.1: a user's permission, and posting a comment.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GithubRequest {
  method: string;
  path: string;
  authorization?: string;
  apiVersion?: string;
  body?: any;
}

export interface FakeGithubApi {
  /** http://127.0.0.1:PORT, as GITHUB_API_URL */
  url: string;
  requests: GithubRequest[];
  /** The comments posted, by issue number. */
  comments: Array<{ repository: string; number: number; body: string }>;
  close(): Promise<void>;
}

/**
 * `permissions` maps a login to the repository permission GitHub reports for it ('admin', 'write', 'read', or
 * { permission, role_name }); unknown logins get 404 as GitHub gives for someone who is no collaborator.
 * `token` is the only bearer token accepted; `failComments` makes posting answer with that status.
 */
export async function startFakeGithubApi(opts: {
  token: string;
  permissions?: Record<string, string | { permission: string; role_name: string }>;
  failComments?: number;
}): Promise<FakeGithubApi> {
  const requests: GithubRequest[] = [];
  const comments: FakeGithubApi['comments'] = [];
  let nextComment = 5000;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0]!;
    const recorded: GithubRequest = {
      method: req.method ?? '', path, authorization: req.headers.authorization,
      apiVersion: req.headers['x-github-api-version'] as string | undefined,
      body: raw ? JSON.parse(raw) : undefined,
    };
    requests.push(recorded);
    if (req.headers.authorization !== `Bearer ${opts.token}`) return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });

    const permission = /^\/repos\/([^/]+\/[^/]+)\/collaborators\/([^/]+)\/permission$/.exec(path);
    if (permission && req.method === 'GET') {
      const login = decodeURIComponent(permission[2]!);
      const level = opts.permissions?.[login];
      if (level === undefined) return send(res, 404, { message: `${login} is not a user`, documentation_url: 'https://docs.github.com/rest' });
      const { permission: perm, role_name } = typeof level === 'string' ? { permission: level, role_name: level } : level;
      return send(res, 200, { permission: perm, role_name, user: { login, type: 'User' } });
    }

    const comment = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/.exec(path);
    if (comment && req.method === 'POST') {
      if (opts.failComments) return send(res, opts.failComments, { message: 'Resource not accessible by integration' });
      if (typeof recorded.body?.body !== 'string' || recorded.body.body === '') return send(res, 422, { message: 'Validation Failed' });
      const id = nextComment++;
      comments.push({ repository: comment[1]!, number: Number(comment[2]), body: recorded.body.body });
      return send(res, 201, { id, body: recorded.body.body, html_url: `https://github.com/${comment[1]}/issues/${comment[2]}#issuecomment-${id}` });
    }
    send(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, requests, comments,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
