import type { z } from 'zod';

export interface PathIssue {
  path: PropertyKey[];
  message: string;
}

/** `peps[0].sources[1].site`: the way an analyst or a developer would point at a value. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

export function formatIssue(issue: PathIssue): string {
  const where = formatPath(issue.path);
  return where ? `${where}: ${issue.message}` : issue.message;
}

function isRootTypeMismatch(issues: readonly z.core.$ZodIssue[]): boolean {
  return issues.every((i) => i.path.length === 0 && i.code === 'invalid_type');
}

/**
 * Flattens zod issues to path + message. For a union whose value matched the type of exactly
 * one branch (an array, not the error text), that branch's own issues are reported, because
 * "invalid union" says nothing about which field is wrong.
 */
export function flattenIssues(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[] = []): PathIssue[] {
  const out: PathIssue[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union') {
      const relevant = issue.errors.filter((branch) => !isRootTypeMismatch(branch));
      if (relevant.length === 1) {
        out.push(...flattenIssues(relevant[0], path));
        continue;
      }
    }
    out.push({ path, message: issue.message });
  }
  return out;
}

export function issueLines(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[] = []): string[] {
  return flattenIssues(issues, base).map(formatIssue);
}
