import fs from 'node:fs';
import path from 'node:path';

/**
 * Every package the project depends on says why in README.md's "Dependency notes": the chosen
 * stack in its first sentence, each addition in the table (a scope may be named once as
 * `@scope/*`). A dependency added without its reason fails here.
 */
const ROOT = path.join(__dirname, '..', '..');

function dependencyNotes(): { stack: string; section: string } {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Dependency notes');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const stack = /Chosen stack: ([^.]+)\./.exec(section.replace(/\n/g, ' '))?.[1] ?? '';
  return { stack, section };
}

describe("README's dependency notes", () => {
  it('give a reason for every dependency in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const { stack, section } = dependencyNotes();
    const chosen = new Set(stack.split(',').map((name) => name.trim()));
    expect(chosen.has('react')).toBe(true);
    const unexplained = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter(
      (name) => {
        if (chosen.has(name) || section.includes(`\`${name}\``)) return false;
        const scope = /^(@[^/]+)\//.exec(name)?.[1];
        return !(scope && section.includes(`\`${scope}/*\``));
      },
    );
    expect(unexplained).toEqual([]);
  });
});
