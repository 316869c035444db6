// The Action's metadata, the Dockerfile, the Kubernetes Job and docs/ci.md against each other and against the
// scripts they run: every input reaches the script, every example keeps the safe defaults, every file is copied.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const read = (file: string) => readFileSync(file, 'utf8');
const action = parse(read('action.yml'));
const main = read('action/main.mjs');
const docs = read('docs/ci.md');
const inputs = Object.keys(action.inputs);
const outputs = Object.keys(action.outputs);
const steps: any[] = action.runs.steps;
const runStep = steps.find((s) => s.id === 'run');
const envName = (input: string) => `INPUT_${input.toUpperCase().replace(/-/g, '_')}`;

/** The markdown section under a heading, up to the next heading of any level. */
const section = (heading: string) => {
  const start = docs.indexOf(`${heading}\n`);
  return docs.slice(start, docs.indexOf('\n#', start + heading.length));
};

describe('action.yml', () => {
  it('is a composite action whose inputs all reach the entry script, with ask as the permission mode', () => {
    expect(action.runs.using).toBe('composite');
    expect(runStep.run).toContain('action/main.mjs');
    expect(action.inputs['permission-mode'].default).toBe('ask');
    expect(action.inputs.trigger.default).toBe('/rein');
    expect(action.inputs['allowed-associations'].default).toBe('OWNER,MEMBER,COLLABORATOR');
    // Each input goes to the script as INPUT_<NAME>, or to another step of the action (the artifact's retention).
    const forScript = inputs.filter((name) => !steps.some((s) => s !== runStep && JSON.stringify(s).includes(`inputs.${name} }}`)));
    expect(forScript.length).toBe(inputs.length - 1);
    for (const name of forScript) {
      expect(runStep.env[envName(name)], name).toBe(`\${{ inputs.${name} }}`);
      expect(main, name).toContain(`input('${envName(name).slice('INPUT_'.length)}')`);
    }
    expect(Object.keys(runStep.env).sort()).toEqual(forScript.map(envName).sort());
  });

  it('declares only outputs the script writes, and uploads the folder it names', () => {
    for (const name of outputs) {
      expect(action.outputs[name].value).toBe(`\${{ steps.run.outputs.${name} }}`);
      expect(main, name).toMatch(new RegExp(`'${name}'|\\b${name}:`));
    }
    const upload = steps.find((s) => String(s.uses).startsWith('actions/upload-artifact@'));
    expect(upload.if).toBe("always() && steps.run.outputs.ran == 'true'");
    expect(upload.with).toMatchObject({ name: '${{ steps.run.outputs.artifact-name }}', path: '${{ steps.run.outputs.artifacts-dir }}' });
    expect(main).toContain("'artifacts-dir'");
  });

  it('never trusts the checkout', () => {
    for (const file of ['action.yml', 'action/main.mjs', 'action/runRein.mjs', 'action/event.mjs']) {
      expect(read(file), file).not.toMatch(/--trust-(project|mcp)|--dangerously-skip-permissions/);
    }
  });
});

describe('docs/ci.md', () => {
  it('lists exactly the inputs and outputs of action.yml', () => {
    const documented = section('### Inputs').split('\n').flatMap((line) => /^\| `([\w-]+)` \|/.exec(line)?.[1] ?? []);
    expect(documented).toEqual(inputs);
    const outputsLine = section('### Inputs').split('\n\n').find((p) => p.startsWith('Outputs:'))!;
    expect([...outputsLine.matchAll(/`([\w-]+)` \(|`([\w-]+)`(?=[,. ]| and)/g)].map((m) => m[1] ?? m[2]).filter((n) => outputs.includes(n!)).sort()).toEqual([...outputs].sort());
  });

  it('shows workflows that parse, never use pull_request_target, keep no token in the checkout and pass only real inputs', () => {
    const workflows = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]!));
    expect(workflows.length).toBeGreaterThanOrEqual(2);
    for (const workflow of workflows) {
      expect(Object.keys(workflow.on)).not.toContain('pull_request_target');
      for (const job of Object.values<any>(workflow.jobs)) {
        for (const step of job.steps) {
          if (String(step.uses).startsWith('actions/checkout@')) expect(step.with['persist-credentials']).toBe(false);
          if (String(step.uses).startsWith('your-org/rein@')) {
            for (const key of Object.keys(step.with)) expect(inputs).toContain(key);
            expect(step.with['permission-mode'] ?? 'ask').not.toMatch(/yolo|bypassPermissions/);
            expect(JSON.stringify(step.with)).toMatch(/\$\{\{ secrets\.\w+ \}\}/);
          }
        }
      }
    }
  });
});

describe('the container and the Kubernetes Job', () => {
  const docsOf = parseAllDocuments(read('deploy/k8s/job.yaml')).map((d) => d.toJS());
  const configMap = docsOf.find((d) => d.kind === 'ConfigMap');
  const job = docsOf.find((d) => d.kind === 'Job');
  const pod = job.spec.template.spec;
  const container = pod.containers[0];
  const envOf = (name: string) => container.env.find((e: { name: string }) => e.name === name);

  it('runs one task per index: completions match the task list, mounted where the runner reads it', () => {
    const tasks = JSON.parse(configMap.data['tasks.json']);
    expect(tasks.length).toBeGreaterThan(1);
    for (const task of tasks) expect(typeof task.prompt).toBe('string');
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: tasks.length });
    expect(job.spec.parallelism).toBeLessThanOrEqual(tasks.length);
    const volume = pod.volumes.find((v: any) => v.configMap?.name === configMap.metadata.name);
    const mount = container.volumeMounts.find((m: any) => m.name === volume.name);
    expect(envOf('TASKS_FILE').value).toBe(`${mount.mountPath}/tasks.json`);
    expect(container.command).toEqual(['node', '/opt/rein/deploy/run-task.mjs']);
    expect(job.spec.podFailurePolicy.rules[0].onExitCodes.containerName).toBe(container.name);
    expect(pod.restartPolicy).toBe('Never');
  });

  it('keeps the pod unprivileged, not in yolo mode, with the key from a Secret', () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(envOf('REIN_PERMISSION_MODE').value).not.toMatch(/yolo|bypassPermissions/);
    expect(envOf('ANTHROPIC_API_KEY').valueFrom.secretKeyRef).toBeDefined();
  });

  it('builds an image on Node 20 with git and ripgrep, running as a non-root user, holding every file the runner imports', () => {
    const dockerfile = read('Dockerfile');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages.every((stage) => stage.startsWith('node:20-'))).toBe(true);
    const final = stages.at(-1)!;
    expect(final).toMatch(/apt-get install[^\n]* git ripgrep/);
    expect(final).not.toMatch(/bubblewrap/);
    expect(/^USER (\S+)/m.exec(final)?.[1]).not.toMatch(/^(root|0)$/);
    expect(final).toContain('WORKDIR /opt/rein');
    // The runner and everything it imports, followed through relative imports, is copied into /opt/rein.
    const needed = new Set<string>();
    const follow = (file: string) => {
      needed.add(file);
      for (const [, target] of read(file).matchAll(/from '(\.{1,2}\/[^']+)'/g)) follow(normalize(join(dirname(file), target!)));
    };
    follow('deploy/run-task.mjs');
    expect(needed.size).toBeGreaterThan(1);
    for (const file of needed) expect(final, file).toContain(`COPY ${file} ./${dirname(file)}/`);
  });
});
