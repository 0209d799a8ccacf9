import { recordOf } from '../../src/core/answer/record-identity';
import { RELAY_DECISIONS_FIELD } from '../../src/core/answer/relay-decisions';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { validateQuery } from '../../src/core/query';
import { buildCertificate, certificateRows } from '../../src/evidence/certificate';
import { createSandboxEngine, DEMO_CREDENTIALS, KNOWN } from '../../src/sandbox';

/**
 * A certificate of an answer that came through the relay (the command line's `search
 * --certificate` and `screen --certificates`): the hits its accept list muted are named with who
 * cleared them and why, never left as "no hits"; the decisions on the hits left in are shown.
 */

const SUBJECT = { name: KNOWN.pepSanctioned.name, date: '1967-04-13' };

function relayedAnswer() {
  const answer = createSandboxEngine({}).handle({
    method: 'POST',
    path: '/api',
    query: {},
    body: JSON.stringify({ tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, ...SUBJECT }),
  });
  const wire = JSON.parse(answer.body) as { result: Record<string, Record<string, unknown>[]> };
  const pep = wire.result.peps[0];
  const sanction = wire.result.psanctions[0];
  const company = wire.result.edr[0];
  const note = (registry: string, record: string, decision: string, reason: string, comment: string) => ({
    id: 1,
    registry,
    record,
    name: String(registry === 'edr' ? company.name : pep.name),
    decision,
    reason,
    comment,
    analyst: 'olena',
    at: '2026-11-20T09:00:00.000Z',
    state: 'in-force',
    approvedBy: registry === 'peps' ? 'petro' : null,
  });
  return {
    ...wire,
    // The relay took the muted PEP hit out of the answer; the others stay, with their notes.
    result: { ...wire.result, peps: [] },
    [RELAY_DECISIONS_FIELD]: {
      muted: [
        note('peps', recordOf('peps', pep).record, 'false-positive', 'different-birth-date', 'Клієнт 1967-04-13'),
      ],
      changed: [
        note('psanctions', recordOf('psanctions', sanction).record, 'false-positive', 'different-birth-date', ''),
      ],
      decided: [note('edr', recordOf('edr', company).record, 'needs-review', 'incomplete-data', 'запросити виписку')],
    },
  };
}

function rowsOf(lang: 'uk' | 'en', keptAt?: string): string[] {
  const checked = validateQuery(SUBJECT);
  if (!checked.ok) throw new Error('query');
  const certificate = buildCertificate(
    {
      query: checked.query,
      envelope: parseEnvelope(keptAt ? { ...relayedAnswer(), relay_cached_at: keptAt } : relayedAnswer()),
      asked: ['peps', 'psanctions', 'edr'],
      receivedAt: new Date('2026-11-25T10:15:00Z'),
      servedBy: 'https://relay.bank.example',
      sandbox: false,
      productVersion: '9.9.9',
      analyst: 'olena',
    },
    lang,
  );
  return certificateRows(certificate).map((row) => row.join(' | '));
}

it('names the hit the accept list muted under its list, with who cleared it, why and who approved it', () => {
  const rows = rowsOf('en');
  const pep = rows.findIndex((r) => r.startsWith('Politically exposed persons (PEP) | '));
  expect(rows[pep]).toBe("Politically exposed persons (PEP) | no hits; 1 muted by the relay's accept list");
  expect(rows[pep + 1]).toBe(
    `Muted by the relay's accept list (cleared earlier, record unchanged): ${KNOWN.pepSanctioned.name} (peps:10001): ` +
      'false positive — namesake (different birth date) "Клієнт 1967-04-13", olena 2026-11-20 09:00 UTC, approved by petro; in force',
  );
  const uk = rowsOf('uk');
  expect(uk.find((r) => r.startsWith('Публічні діячі (ПЕП) | '))).toContain('приглушено за рішеннями на релеї — 1');
});

it('shows the decision on record on a hit left in, and marks one whose record changed since as to be decided again', () => {
  const rows = rowsOf('en');
  expect(rows).toContain(
    ' | Decision: needs review — not enough to tell "запросити виписку", olena 2026-11-20 09:00 UTC; in force',
  );
  expect(rows).toContain(
    ' | Decision: false positive — namesake (different birth date), olena 2026-11-20 09:00 UTC; in force; the record has changed since: to be decided again',
  );
});

it('says a hit’s strength without a dash where the record gives a level and no percent', () => {
  const rows = rowsOf('en');
  // The sanctions hit has both; the company register's, found by the name among its people, a level alone.
  expect(rows.filter((r) => r.startsWith(' | Match: '))).toEqual([' | Match: 100% Low', ' | Match: Low']);
});

it('says when an answer came from the relay’s cache and when the service gave it, beside the screening time', () => {
  expect(rowsOf('en').filter((r) => r.startsWith('Answer | '))).toEqual([]);
  const rows = rowsOf('en', '2026-11-25T08:40:12.345Z');
  expect(rows).toContain('Time (UTC) | 2026-11-25 10:15:00 UTC');
  expect(rows).toContain(
    'Answer | from the relay’s cache: the service gave it at 2026-11-25 08:40:12 UTC, to an earlier request',
  );
  expect(rowsOf('uk', '2026-11-25T08:40:12Z')).toContain(
    'Відповідь | з кешу релея: сервіс дав її 2026-11-25 08:40:12 UTC на попередній запит',
  );
});
