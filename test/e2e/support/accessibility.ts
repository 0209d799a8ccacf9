import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { PaneSession } from './session';

let axeSource: string | undefined;

/**
 * What axe-core finds against WCAG 2.1 A and AA in the pane as it stands, one line per element, each
 * named with `state`; [] when nothing. Evaluated rather than added as a script tag, so that a page
 * under the relay's Content-Security-Policy is checked as it is served.
 *
 * Left out: Tabster's focus sentinels (`<i data-tabster-dummy tabindex="0" aria-hidden="true">`),
 * which Fluent's tab list and focus traps place on purpose at their edges to catch Tab and move focus
 * on; axe reads them as focusable hidden content (aria-hidden-focus), and they never keep focus.
 */
export async function accessibilityFindings(s: PaneSession, state: string): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
  await s.page.evaluate(axeSource);
  const results = (await s.page.evaluate(() =>
    (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(
      { include: ['#taskpane'], exclude: ['[data-tabster-dummy]'] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] },
    ),
  )) as AxeResults;
  // Rules ran: an empty page or a failed injection would pass nothing.
  if (results.passes.length === 0) throw new Error(`axe-core checked nothing in ${state}`);
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${state}: ${v.id} (${v.impact ?? '?'}) ${v.help}: ${n.target.join(' ')} ${n.html.slice(0, 160)}`,
    ),
  );
}
