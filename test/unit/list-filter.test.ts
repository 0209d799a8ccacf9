import { changeTypeBit, restrictToListdata, sanctionListsOf } from '../../src/core/protocol/list-filter';
import { ALL_LISTS, listdataForRegistries, parseListdata, unionListdata } from '../../src/core/protocol/listdata';
import { parseEnvelope, type ParsedEnvelope, type PsanctionsItem } from '../../src/core/protocol/schema';
import { summarize } from '../../src/core/answer/summary';
import { bitOfChangeType } from '../../src/sandbox/data/items-companies';
import { fixtureJson } from '../support/fixtures';

const EU = parseListdata('sanctions-eu');
const NSDC = parseListdata('sanctions-nsdc');
const CAUTIONS = parseListdata('cautions');
const US = parseListdata('sanctions-us');
const ALL_SANCTIONS = listdataForRegistries(['psanctions']);
const PEPS = listdataForRegistries(['peps']);
const CHANGES_MANAGER = parseListdata('edr-changes-manager');
const CHANGES_STATUS = parseListdata('edr-changes-status');
const CHANGES_UBO = parseListdata('edr-changes-ubo');

const sanction = (pid: string, lists: Record<string, unknown>) => ({
  pid,
  p_fullname: `Entry ${pid}`,
  p_percent: 90,
  p_level: 'Високий',
  ...lists,
});

/** One answer for many lists: what a merged request or a cached "-1" answer holds. */
function wideAnswer(): ParsedEnvelope {
  return parseEnvelope({
    idrequest: 'r-1',
    listdata: '-1',
    result: {
      peps: [{ name: 'PEP one', typePEP: 1, categoryPEP: '2', percent: 80, level: 'Низький' }],
      psanctions: [
        sanction('eu', { p_listdata: 8 }),
        sanction('nsdc', { p_listdata: 2 }),
        sanction('eu+sfms', { p_listdata: 9 }),
        sanction('unknown', {}),
        sanction('as-text', { p_listdata: '8' }),
      ],
      lostdocs: [],
      edrchanges: [
        {
          edrchangesfrom: '2020-01-01',
          edrchangesto: '2024-12-31',
          edrchanges: [
            {
              edrpou: '11111111',
              changes: [
                {
                  datachange: '2023-01-01',
                  changedetails: [
                    { id: 'a1', changetype: 1 },
                    { id: 'a3', changetype: 3 },
                  ],
                },
                { datachange: '2023-06-01', changedetails: [{ id: 'a2', changetype: 2 }] },
              ],
            },
            {
              edrpou: '22222222',
              changes: [{ datachange: '2024-01-01', changedetails: [{ id: 'b5', changetype: 5 }] }],
            },
          ],
        },
      ],
    },
  });
}

const pids = (envelope: ParsedEnvelope) => {
  const outcome = envelope.registries.psanctions;
  return outcome && outcome.status !== 'error' ? outcome.items.map((i) => i.pid) : null;
};

const detailIds = (envelope: ParsedEnvelope) => {
  const outcome = envelope.registries.edrchanges;
  if (!outcome || outcome.status === 'error') return null;
  return outcome.items.flatMap((block) =>
    (block.edrchanges ?? []).map(
      (c) =>
        `${c.edrpou}:${(c.changes ?? []).map((ch) => (ch.changedetails ?? []).map((d) => d.id).join('+')).join('|')}`,
    ),
  );
};

describe('restrictToListdata', () => {
  it('returns the very envelope for "all lists"', () => {
    const wide = wideAnswer();
    expect(restrictToListdata(wide, ALL_LISTS)).toBe(wide);
  });

  it('keeps only registries the lists select', () => {
    const narrowed = restrictToListdata(wideAnswer(), EU);
    expect(Object.keys(narrowed.registries)).toEqual(['psanctions']);
  });

  it('keeps sanctions entries on an asked list and entries that do not say, drops the rest', () => {
    const wide = wideAnswer();
    expect(pids(restrictToListdata(wide, EU))).toEqual(['eu', 'eu+sfms', 'unknown', 'as-text']);
    expect(pids(restrictToListdata(wide, NSDC))).toEqual(['nsdc', 'unknown']);
    expect(pids(restrictToListdata(wide, unionListdata(EU, NSDC)))).toEqual([
      'eu',
      'nsdc',
      'eu+sfms',
      'unknown',
      'as-text',
    ]);
    expect(summarize(restrictToListdata(wide, NSDC), ['psanctions']).totalHits).toBe(2);
  });

  it('leaves a sanctions block alone when every sanctions list was asked', () => {
    const wide = wideAnswer();
    const narrowed = restrictToListdata(wide, unionListdata(ALL_SANCTIONS, PEPS));
    expect(narrowed.registries.psanctions).toBe(wide.registries.psanctions);
    expect(Object.keys(narrowed.registries).sort()).toEqual(['peps', 'psanctions']);
  });

  it('does not filter PEPs by category: that mapping is not documented', () => {
    const wide = wideAnswer();
    const narrowed = restrictToListdata(wide, parseListdata('pep-national'));
    expect(narrowed.registries.peps).toBe(wide.registries.peps);
  });

  it('keeps only the asked kinds of register change, dropping changes and companies left empty', () => {
    const wide = wideAnswer();
    expect(detailIds(restrictToListdata(wide, CHANGES_MANAGER))).toEqual(['11111111:a3']);
    expect(detailIds(restrictToListdata(wide, CHANGES_STATUS))).toEqual(['22222222:b5']);
    expect(
      detailIds(
        restrictToListdata(wide, unionListdata(CHANGES_MANAGER, parseListdata('edr-changes-address'), CHANGES_STATUS)),
      ),
    ).toEqual(['11111111:a3|a2', '22222222:b5']);
    // Nothing of the asked kind: no hit at all, not an empty company.
    const none = restrictToListdata(wide, CHANGES_UBO);
    expect(none.registries.edrchanges).toEqual({ status: 'ok', items: [] });
    expect(summarize(none, ['edrchanges']).verdict).toBe('clear');
  });

  it('keeps register-change details whose kind it cannot tell', () => {
    const envelope = parseEnvelope({
      result: {
        edrchanges: [
          {
            edrchanges: [
              {
                edrpou: '3',
                changes: [{ changedetails: [{ id: 'x', changetype: 99 }, { id: 'y' }, { id: 'z', changetype: 4 }] }],
              },
            ],
          },
        ],
      },
    });
    expect(detailIds(restrictToListdata(envelope, CHANGES_MANAGER))).toEqual(['3:x+y']);
  });

  it('counts unreadable records of a malformed block as still there, and stays malformed', () => {
    const envelope = parseEnvelope({
      result: {
        psanctions: [
          sanction('eu', { p_listdata: 8 }),
          sanction('nsdc', { p_listdata: 2 }),
          'not a record',
          sanction('us', { p_listdata: 32 }),
        ],
      },
    });
    expect(envelope.registries.psanctions).toMatchObject({ status: 'malformed', rawCount: 4 });
    const narrowed = restrictToListdata(envelope, EU);
    const outcome = narrowed.registries.psanctions;
    expect(outcome?.status).toBe('malformed');
    if (outcome?.status !== 'malformed') return;
    expect(outcome.items.map((i) => i.pid)).toEqual(['eu']);
    expect(outcome.rawCount).toBe(2);
    expect(outcome.issues.length).toBeGreaterThan(0);
    const summary = summarize(narrowed, ['psanctions']);
    expect(summary.registries[0]).toMatchObject({ status: 'malformed', hits: 2 });
    expect(summary.complete).toBe(false);
  });

  it('never changes the envelope it was given', () => {
    const wide = wideAnswer();
    const before = JSON.stringify(wide);
    restrictToListdata(wide, unionListdata(NSDC, CHANGES_MANAGER));
    expect(JSON.stringify(wide)).toBe(before);
  });

  it('reads the list groups of a real answer, where p_listdata leaves out the caution list', () => {
    const raw: unknown = fixtureJson('post-all-registries.json');
    const envelope = parseEnvelope(raw);
    expect(pids(restrictToListdata(envelope, CAUTIONS))).toHaveLength(1);
    expect(pids(restrictToListdata(envelope, NSDC))).toHaveLength(1);
    expect(pids(restrictToListdata(envelope, US))).toEqual([]);
    // The fixture's one change is of the address kind.
    expect(detailIds(restrictToListdata(envelope, parseListdata('edr-changes-address')))).toHaveLength(1);
    expect(detailIds(restrictToListdata(envelope, CHANGES_MANAGER))).toEqual([]);
  });
});

describe('list attribution helpers', () => {
  it('joins p_listdata with the per-group masks, beyond 32 bits, and says null when nothing parses', () => {
    const item: PsanctionsItem = { p_listdata: 10, p_listdata_ca: 2 ** 37, p_listdata_nas: 0 };
    expect(sanctionListsOf(item)).toBe(10n | (1n << 37n));
    expect(sanctionListsOf({})).toBeNull();
    expect(sanctionListsOf({ p_listdata: 0 })).toBeNull();
  });

  it('maps change types 1..7 to bits 23..29, as the sandbox answers them', () => {
    const types = [1, 2, 3, 4, 5, 6, 7];
    expect(types.map(changeTypeBit)).toEqual([23, 24, 25, 26, 27, 28, 29]);
    expect(types.map(changeTypeBit)).toEqual(types.map(bitOfChangeType));
    expect(changeTypeBit(0)).toBeNull();
    expect(changeTypeBit(8)).toBeNull();
    expect(changeTypeBit(undefined)).toBeNull();
    expect(changeTypeBit('3')).toBe(25);
  });
});
