// How rein says that a project file's widening part (a command's allowed-tools, hooks: and !`commands`, an agent's
// hooks:) waits for the project's trust.

/** What every sentence about an untrusted project's file ends with: how to trust the project. */
export const untrustedProject = 'this project is not trusted (trust it when rein asks at the start of a session, or run with --trust-project)';
