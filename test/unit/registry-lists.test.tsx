import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import { detailsWithStanding, listStanding, listStandingText } from '../../src/core/answer/registry-lists';
import { hitLine } from '../../src/bulk/hits';
import { hitRows, hitsColumns } from '../../src/bulk/result-table';
import type { ScreenedOutcome } from '../../src/bulk/outcome';
import { HitCard } from '../../src/taskpane/results/HitCard';

/**
 * Issue 31, item 6: lifted sanctions look lifted. A sanctions record says which lists it is on now
 * and which have lifted it, and since when, at the top of its card and in the hits sheet.
 */
const item = {
  pid: 'S-77',
  p_fullname: 'Приклад Особа',
  p_percent: 100,
  p_level: 'Високий',
  sanction: [{ list: 'РНБО' }, { list: 'ЄС' }, { list: 'РНБО' }],
  sanction_lost: [
    { list: 'OFAC SDN', lastModifyDate: '2024-03-01 10:00:00' },
    { list: 'ЄС', lastModifyDate: '2020-01-01' },
  ],
};

it('names the lists in force and those lifted, with the date, in both languages; a lifted list in force again is in force', () => {
  const standing = listStanding('psanctions', item)!;
  expect(standing).toEqual({ inForce: ['РНБО', 'ЄС'], lifted: [{ list: 'OFAC SDN', since: '2024-03-01' }] });
  expect(listStandingText(standing, 'uk')).toBe('Діючі: РНБО, ЄС · Припинені: OFAC SDN (з 2024-03-01)');
  expect(listStandingText(standing, 'en')).toBe('In force: РНБО, ЄС · Lifted: OFAC SDN (since 2024-03-01)');
  expect(listStandingText({ inForce: [], lifted: [{ list: 'UK', since: '' }] }, 'en')).toBe(
    'In force: none · Lifted: UK',
  );
  expect(listStanding('peps', { name: 'x' })).toBeNull();
});

it('the hits sheet’s Key details start with it, and the card shows it at the top', () => {
  const hit = hitLine('psanctions', item);
  const outcome = {
    kind: 'screened',
    key: 'k',
    level: 'high',
    verdict: 'high',
    bestPercent: 100,
    totalHits: 1,
    counts: [1],
    failures: [],
    idrequest: 'R',
    dateResponse: '',
    hits: [hit],
    hitsOmitted: 0,
  } as ScreenedOutcome;
  const ctx = {
    lang: 'uk' as const,
    headers: ['ПІБ'],
    mapping: { name: 0 },
    registries: ['psanctions' as const],
    firstSourceRow: 2,
  };
  const [row] = hitRows(ctx, 0, ['Приклад Особа'], { kind: 'outcome', outcome });
  const details = String(row[hitsColumns('uk').findIndex((c) => c.id === 'details')]);
  // The record's lists, said again after the standing, are not repeated.
  expect(details).toBe('Діючі: РНБО, ЄС · Припинені: OFAC SDN (з 2024-03-01)');

  render(
    <FluentProvider theme={webLightTheme}>
      <HitCard registry="psanctions" item={item} index={0} lang="en" />
    </FluentProvider>,
  );
  expect(screen.getByTestId('list-standing')).toHaveTextContent(
    'In force: РНБО, ЄС · Lifted: OFAC SDN (since 2024-03-01)',
  );
});

it('a null among a quirky answer’s entries is skipped, not a crash', () => {
  const quirky = { ...item, sanction: [null, { list: 'РНБО' }], sanction_lost: [null] } as unknown as object;
  expect(listStanding('psanctions', quirky)).toEqual({ inForce: ['РНБО'], lifted: [] });
  render(
    <FluentProvider theme={webLightTheme}>
      <HitCard registry="psanctions" item={quirky as Record<string, unknown>} index={0} lang="uk" />
    </FluentProvider>,
  );
  expect(screen.getByTestId('list-standing')).toHaveTextContent('Діючі: РНБО');
});

it('keeps a part of the details that is more than the lists the standing names', () => {
  const standing = listStanding('psanctions', item)!;
  expect(detailsWithStanding(standing, 'РНБО; ЄС; OFAC SDN | РНБО; ЄС', 'en')).toBe(
    'In force: РНБО, ЄС · Lifted: OFAC SDN (since 2024-03-01)',
  );
  expect(detailsWithStanding(standing, 'РНБО; UK HMT | Указ № 82/2024', 'en')).toBe(
    'In force: РНБО, ЄС · Lifted: OFAC SDN (since 2024-03-01) | РНБО; UK HMT | Указ № 82/2024',
  );
  expect(detailsWithStanding(null, 'РНБО', 'en')).toBe('РНБО');
});

it('shows a list field only when it adds to the fields beside it: one birth date is not two facts', () => {
  const once = { ...item, p_birthdate: '12.04.1967', p_birthdates: ['12.04.1967'] };
  const { container, unmount } = render(
    <FluentProvider theme={webLightTheme}>
      <HitCard registry="psanctions" item={once} index={0} lang="en" />
    </FluentProvider>,
  );
  expect(container.querySelector('[data-field="p_birthdate"]')).not.toBeNull();
  expect(container.querySelector('[data-field="p_birthdates"]')).toBeNull();
  unmount();
  const two = { ...once, p_birthdates: ['12.04.1967', '13.04.1967'] };
  const again = render(
    <FluentProvider theme={webLightTheme}>
      <HitCard registry="psanctions" item={two} index={0} lang="en" />
    </FluentProvider>,
  );
  expect(again.container.querySelector('[data-field="p_birthdates"]')).toHaveTextContent('13.04.1967');
});
