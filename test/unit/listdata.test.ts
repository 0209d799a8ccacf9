import { InvalidInputError } from '../../src/core/protocol/errors';
import {
  ALL_LISTS,
  bitsOf,
  containsListdata,
  listdataForRegistries,
  listdataFromBits,
  listdataToString,
  listdataToWire,
  parseListdata,
  registriesOf,
  unionListdata,
} from '../../src/core/protocol/listdata';
import { GROUP_LABELS, LISTS, REGISTRIES, REGISTRY_GROUPS, REGISTRY_KEYS } from '../../src/core/protocol/registries';

describe('registry catalogue', () => {
  it('has the 18 result keys of the interface, each reachable through at least one bit', () => {
    expect(REGISTRY_KEYS).toHaveLength(18);
    for (const r of REGISTRIES) expect(r.bits.length).toBeGreaterThan(0);
  });

  it('has one row per bit 0..39 with both languages', () => {
    expect(LISTS.map((l) => l.bit)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    for (const l of LISTS) {
      expect(l.label.uk.length).toBeGreaterThan(0);
      expect(l.label.en.length).toBeGreaterThan(0);
    }
    expect(LISTS.filter((l) => l.reserved).map((l) => l.bit)).toEqual([18, 21, 32, 34, 36]);
    for (const g of REGISTRY_GROUPS) expect(GROUP_LABELS[g].uk).toBeTruthy();
  });

  it.each([
    ['psanctions', [0, 1, 2, 3, 4, 5, 6, 7, 37, 38, 39]],
    ['peps', [9, 10, 11, 12]],
    ['zrada', [13]],
    ['okupant', [13]],
    ['taxdebtor', [17]],
    ['debtor', [17]],
    ['edrchanges', [23, 24, 25, 26, 27, 28, 29]],
    ['wanted', [33]],
    ['corrupt', [35]],
  ])('%s lives on bits %j', (key, bits) => {
    expect(REGISTRIES.find((r) => r.key === key)?.bits).toEqual(bits);
  });
});

describe('listdata arithmetic beyond 32 bits', () => {
  it.each(Array.from({ length: 40 }, (_, bit) => bit))(
    'bit %i round-trips through encode, wire, parse and decode',
    (bit) => {
      const value = listdataFromBits([bit]);
      expect(value).toBe(2n ** BigInt(bit));
      expect(listdataToWire(value)).toBe(2 ** bit);
      expect(parseListdata(listdataToString(value))).toBe(value);
      expect(parseListdata(listdataToWire(value))).toBe(value);
      expect(bitsOf(value)).toEqual([bit]);
    },
  );

  it('round-trips the sum of all 40 bits', () => {
    const all = listdataFromBits(Array.from({ length: 40 }, (_, i) => i));
    expect(all).toBe(2n ** 40n - 1n);
    expect(listdataToWire(all)).toBe(1099511627775);
    expect(bitsOf(parseListdata('1099511627775'))).toHaveLength(40);
  });

  it('the union of wanted and corrupt is 42949672960', () => {
    const u = unionListdata(parseListdata('wanted'), parseListdata('corrupt'));
    expect(u).toBe(42949672960n);
    expect(listdataToWire(u)).toBe(42949672960);
    expect(parseListdata('wanted, corrupt')).toBe(42949672960n);
    expect(registriesOf(u)).toEqual(['corrupt', 'wanted']);
  });

  it('the seven active sanctions lists are 127', () => {
    expect(
      parseListdata('sanctions-sfms sanctions-nsdc sanctions-un sanctions-eu sanctions-uk sanctions-us sanctions-ca'),
    ).toBe(127n);
  });

  it('accepts registry names, list names, numbers, decimal strings and arrays (a range of cells)', () => {
    expect(parseListdata('peps')).toBe(512n + 1024n + 2048n + 4096n);
    expect(parseListdata(['peps', 'psanctions'])).toBe(listdataForRegistries(['peps', 'psanctions']));
    expect(parseListdata(['PEPS;', 8589934592])).toBe(listdataForRegistries(['peps', 'wanted']));
    expect(parseListdata('pep-close')).toBe(4096n);
    expect(parseListdata(' 65536 ')).toBe(65536n);
    expect(registriesOf(parseListdata('debtors'))).toEqual(['taxdebtor', 'debtor']);
  });

  it('-1 and "all" mean every list; they absorb unions and contain everything', () => {
    expect(parseListdata(-1)).toBe(ALL_LISTS);
    expect(parseListdata('all')).toBe(ALL_LISTS);
    expect(parseListdata('-1')).toBe(ALL_LISTS);
    expect(unionListdata(512n, ALL_LISTS)).toBe(ALL_LISTS);
    expect(containsListdata(ALL_LISTS, 4096n)).toBe(true);
    expect(containsListdata(4096n, ALL_LISTS)).toBe(false);
    expect(registriesOf(ALL_LISTS)).toEqual([...REGISTRY_KEYS]);
  });

  it('containment is exact above bit 31', () => {
    const big = parseListdata('wanted corrupt peps');
    expect(containsListdata(big, parseListdata('corrupt'))).toBe(true);
    expect(containsListdata(big, parseListdata('psanctions'))).toBe(false);
    // 2^35 | 2^3 truncated to 32 bits would wrongly look like 8 alone.
    expect(containsListdata(8n, 2n ** 35n + 8n)).toBe(false);
  });

  it('empty input falls back to the default', () => {
    expect(parseListdata(undefined)).toBe(ALL_LISTS);
    expect(parseListdata('', 512n)).toBe(512n);
    expect(parseListdata([], 512n)).toBe(512n);
  });

  it.each([['sanctionz'], ['0'], ['-2'], ['1099511627776'], [1.5], ['reserved-18']])(
    'rejects %p naming the field',
    (bad) => {
      let caught: unknown;
      try {
        parseListdata(bad as string);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(InvalidInputError);
      const err = caught as InvalidInputError;
      expect(err.errors[0].field).toBe('listdata');
      expect(err.errors[0].message.uk.length).toBeGreaterThan(0);
      expect(err.errors[0].message.en).toContain(String(bad));
    },
  );
});
