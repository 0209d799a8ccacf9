import { CheckListsClient } from '../../../src/core/request/client';
import { ALL_LISTS } from '../../../src/core/protocol/listdata';
import { validateQuery } from '../../../src/core/query';
import { summarize } from '../../../src/core/answer/summary';
import { DEMO_CREDENTIALS, createSandboxEngine, sandboxTransport } from '../../../src/sandbox';
import { CLIENT_HEADERS, type ClientRow } from '../harness/client-list';

/** What the results table must say about one input row. */
export type ExpectedRow = { kind: 'invalid' } | { kind: 'screened'; totalHits: number };

const ROLES = ['name', 'date', 'ipn', 'doc'] as const;

/**
 * The truth about each row, asked of the sandbox directly (the core client over the in-process
 * engine with the harness's seed), bypassing the task pane, the bulk engine and the Excel layer
 * under test. Options as the bulk panel's defaults: every list, full-text search, lowranklimit 0.
 */
export async function expectedRows(rows: readonly ClientRow[]): Promise<ExpectedRow[]> {
  if (CLIENT_HEADERS.length !== ROLES.length) throw new Error('client list columns changed: update the oracle');
  const client = new CheckListsClient({
    addresses: ['https://sandbox.checklists.invalid'],
    credentials: DEMO_CREDENTIALS,
    transport: sandboxTransport(createSandboxEngine()),
  });
  const out: ExpectedRow[] = [];
  for (const row of rows) {
    const input: Record<string, string | number> = {};
    ROLES.forEach((role, i) => {
      const value = row.cells[i];
      if (value !== null && value !== '') input[role] = value;
    });
    const checked = validateQuery(input);
    if (!checked.ok) {
      out.push({ kind: 'invalid' });
      continue;
    }
    const result = await client.search({ ...checked.query, listdata: ALL_LISTS, search: 1, lowranklimit: 0 });
    out.push({ kind: 'screened', totalHits: summarize(result.envelope).totalHits });
  }
  return out;
}
