// One validator and error formatter for the files a user writes (hooks, MCP server entries, agent files): a JSON
// schema, the data and where it sits in its file in; one plain sentence per problem out.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { showValue } from './schemaErrors.js';

/** A schema for checkFile: `$id` names it in the build's precompiled copy, so it must be a plain identifier. */
export interface FileSchema {
  $id: string;
  [keyword: string]: unknown;
}

/** One problem: where (a path such as hooks.Stop[0].hooks[1].url) and what ("is missing", "must be a string"). */
export interface FileIssue {
  path: string;
  problem: string;
}

/** Ajv options for these schemas, shared with the build's precompiled copy (scripts/build.mjs). */
export const fileValidatorOptions = { allErrors: true, verbose: true, strict: false, validateSchema: false } as const;

/** The build's precompiled validators (dist/file-validators.cjs), one export per schema `$id`. */
const precompiledFileValidators = 'file-validators.cjs';

// Made on first use: the build imports this file's options from a data: URL, where no require can be made.
let requireMade: NodeJS.Require | undefined;
const requireHere = (id: string): unknown => (requireMade ??= createRequire(import.meta.url))(id);
const compiled = new Map<string, ValidateFunction>();
let precompiled: Record<string, ValidateFunction> | null | undefined;

function validatorFor(schema: FileSchema): ValidateFunction {
  const known = compiled.get(schema.$id);
  if (known) return known;
  if (precompiled === undefined) {
    try {
      precompiled = requireHere(`./${precompiledFileValidators}`) as Record<string, ValidateFunction>;
    } catch {
      precompiled = null; // running from the sources: compile below
    }
  }
  let validate = precompiled?.[schema.$id];
  if (!validate) {
    // Required here rather than imported so a built rein never loads Ajv's compiler.
    const { Ajv } = requireHere('ajv') as typeof import('ajv');
    validate = new Ajv(fileValidatorOptions).compile(schema);
  }
  compiled.set(schema.$id, validate);
  return validate;
}

/** A JSON pointer below `base` as a reader writes it: hooks.PreToolUse[0].hooks[0].type. */
export function issuePath(base: string, pointer: string): string {
  let out = base;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(key)) out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

const typeWords: Record<string, string> = {
  string: 'a string', number: 'a number', integer: 'a whole number', boolean: 'true or false',
  object: 'an object', array: 'a list', null: 'null',
};

const orList = (words: string[]): string => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`);

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const got = ` (got ${showValue(error.data)})`;
  const described = (error.parentSchema as { description?: unknown } | undefined)?.description;
  switch (error.keyword) {
    case 'required':
      return 'is missing';
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${orList(types.map((t) => typeWords[t] ?? t))}${got}`;
    }
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}${got}`;
    case 'const':
      return `must be ${showValue(params.allowedValue)}${got}`;
    case 'exclusiveMinimum':
      return `must be more than ${String(params.limit)}${got}`;
    case 'minimum':
      return `must be at least ${String(params.limit)}${got}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}${got}`;
    case 'minLength':
      return 'must not be empty';
    case 'pattern':
    case 'format':
      return `must be ${typeof described === 'string' ? described : `like ${String(params.pattern ?? params.format)}`}${got}`;
    default:
      return `${error.message ?? 'is not valid'}${got}`;
  }
}

/** Every problem of `data` against `schema`; `base` names where `data` sits in its file ("hooks", "mcpServers.github"). */
export function checkData(schema: FileSchema, data: unknown, base = ''): FileIssue[] {
  const validate = validatorFor(schema);
  if (validate(data)) return [];
  const issues: FileIssue[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    // `if` only says its `then` failed, which the error before it says in detail.
    if (error.keyword === 'if') continue;
    const missing = error.keyword === 'required' ? `/${String((error.params as { missingProperty: string }).missingProperty)}` : '';
    const issue = { path: issuePath(base, error.instancePath + missing), problem: describe(error) };
    const key = `${issue.path}\n${issue.problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/** The one sentence for a problem: "~/.rein/settings.json: hooks.Stop[0].hooks[0].type must be one of …". */
export function issueSentence(file: string, issue: FileIssue, consequence?: string): string {
  const where = issue.path === '' ? `${file}:` : `${file}: ${issue.path}`;
  return `${where} ${issue.problem}${consequence ? `; ${consequence}` : ''}.`;
}

/** checkData, each problem as its sentence. */
export function checkFile(schema: FileSchema, data: unknown, file: string, base = ''): string[] {
  return checkData(schema, data, base).map((issue) => issueSentence(file, issue));
}
