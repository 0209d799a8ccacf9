import { coreMessages } from '../../src/core/text/messages';
import { summarize, verdictText } from '../../src/core/answer/summary';
import { formatServiceDate, hasContent, safeHref } from '../../src/taskpane/results/field-format';
import { countryName, isCountryBlock, linkParts, riskFlagsOf } from '../../src/core/answer/field-blocks';
import { fieldLabel } from '../../src/core/answer/field-labels';
import { resultsMessages as resultsText } from '../../src/taskpane/results/results-messages';
import { REGISTRY_KEY_FIELDS } from '../../src/core/answer/registry-key-fields';
import { registryView } from '../../src/core/answer/registry-model';
import { summaryRows } from '../../src/taskpane/results/summary-rows';
import { luminance, themeKindFor } from '../../src/taskpane/shell/theme';
import { REGISTRY_KEYS } from '../../src/core/protocol/registries';
import { searchResultFrom } from '../support/taskpane-fakes';
import { fixtureJson } from '../support/fixtures';
import { MODE_LABELS } from '../../src/shared-runtime/connection';

describe('themeKindFor', () => {
  it.each([
    [null, false, 'light'],
    [{ bodyBackgroundColor: '#ffffff', bodyForegroundColor: '#262626' }, false, 'light'],
    [{ bodyBackgroundColor: '#262626', bodyForegroundColor: '#ffffff' }, false, 'dark'],
    [{ bodyBackgroundColor: '#6E6E6E', bodyForegroundColor: '#ffffff', isDarkTheme: true }, false, 'dark'],
    [{ bodyBackgroundColor: '#333', bodyForegroundColor: '#fff', isDarkTheme: false }, false, 'light'],
    [{ bodyBackgroundColor: '#000000', bodyForegroundColor: '#FFFFFF' }, false, 'high-contrast'],
    [{ bodyBackgroundColor: '#ffffff', bodyForegroundColor: '#000000' }, true, 'high-contrast'],
    [{ bodyBackgroundColor: 'not a colour' }, false, 'light'],
  ] as const)('%j, forced colours %s → %s', (theme, forced, kind) => {
    expect(themeKindFor(theme, forced)).toBe(kind);
  });

  it('computes WCAG luminance', () => {
    expect(luminance('#000')).toBe(0);
    expect(luminance('#FFFFFF')).toBeCloseTo(1, 6);
    expect(luminance('#808080')).toBeCloseTo(0.2159, 3);
    expect(luminance('red')).toBeNull();
  });
});

describe('safeHref', () => {
  it.each([
    ['https://registry.example.ua/pep/1', 'https://registry.example.ua/pep/1'],
    ['  http://a.example/x?y=1  ', 'http://a.example/x?y=1'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<b>x</b>', null],
    ['//evil.example/x', null],
    ['https://a.example/two words', null],
    ['https://', null],
    ['ftp://files.example/x', null],
    [42, null],
  ])('%j → %j', (value, expected) => {
    expect(safeHref(value)).toBe(expected);
  });
});

describe('formatServiceDate', () => {
  it.each([
    ['1968-04-12', 'uk', '12.04.1968'],
    ['1968-04-12', 'en', '12 Apr 1968'],
    ['2024-03-15 10:22:33', 'uk', '15.03.2024 10:22:33'],
    ['2024-03-15T10:22:33.123', 'en', '15 Mar 2024 10:22:33'],
    ['2024-03-15 00:00:00', 'uk', '15.03.2024'],
    ['2024-13-01', 'uk', null],
    ['12.04.1968', 'uk', null],
    ['1968', 'uk', null],
  ] as const)('%s (%s) → %j', (value, lang, expected) => {
    expect(formatServiceDate(value, lang)).toBe(expected);
  });
});

describe('country and link blocks', () => {
  const block = {
    countryname: 'Іран',
    countrynamelat: 'Iran',
    country_2dig: 'IR',
    fatfblack: true,
    eublack: 'true',
    oecdgray: 1,
    eugray: false,
    coruption: 24,
  };

  it('recognises the blocks by their fields', () => {
    expect(isCountryBlock(block)).toBe(true);
    expect(isCountryBlock({ name: 'x' })).toBe(false);
    expect(linkParts({ site: 'https://a', brief: 'b' })).toEqual({
      page: 'https://a',
      document: undefined,
      caption: 'b',
    });
    expect(linkParts({ site: 'https://a', other: 1 })).toBeNull();
  });

  it('lists the risk lists a country is on, and only those', () => {
    expect(riskFlagsOf(block).sort()).toEqual(['eublack', 'fatfblack', 'oecdgray']);
  });

  it('names the country in the reader’s language', () => {
    expect(countryName(block, 'uk')).toBe('Іран (IR)');
    expect(countryName(block, 'en')).toBe('Iran (IR)');
    expect(countryName({ codecountr: 804 }, 'en')).toBe('804');
  });

  it('treats blanks, empty lists and empty objects as nothing to show', () => {
    expect([null, undefined, '', '  ', [], [''], {}, { a: null }].map(hasContent)).toEqual(Array(8).fill(false));
    expect([0, false, 'x', [0], { a: false }].map(hasContent)).toEqual(Array(5).fill(true));
  });
});

describe('registry views', () => {
  const raw = fixtureJson('post-all-registries.json');
  const result = raw.result as Record<string, Record<string, unknown>[]>;

  it.each([...REGISTRY_KEYS])('names a %s hit from its own fields', (key) => {
    const title = registryView(key).name(result[key][0]) || registryView(key).id(result[key][0]);
    expect(title).toEqual(expect.any(String));
    expect(title?.length).toBeGreaterThan(0);
  });

  it('labels every key field in both languages', () => {
    for (const key of REGISTRY_KEYS) {
      for (const f of REGISTRY_KEY_FIELDS[key]) {
        expect(fieldLabel(f, 'en')).not.toBe(f);
        expect(fieldLabel(f, 'uk')).not.toBe(f);
      }
    }
  });
});

describe('summaryRows', () => {
  it('writes verdict, best percent, each registry and the audit facts', () => {
    const raw = fixtureJson('quirk-registry-errors.json');
    const result = searchResultFrom(raw, 'https://reserve.example');
    const summary = summarize(result.envelope);
    const rows = summaryRows('Петро', summary, result, MODE_LABELS.sandbox, 'uk');
    const byLabel = new Map(rows.map((r) => [r[0], r[1]]));
    expect(rows.every((r) => r.length === 2)).toBe(true);
    expect(byLabel.get(resultsText.t('uk', 'sheet.subject'))).toBe('Петро');
    expect(byLabel.get(resultsText.t('uk', 'sheet.verdict'))).toBe(verdictText(summary.verdict, 'uk'));
    expect(byLabel.get('Публічні діячі (ПЕП)')).toBe(coreMessages.t('uk', 'registry.error.9000'));
    expect(byLabel.get('Втрачені документи')).toBe(0);
    expect(byLabel.get(resultsText.t('uk', 'audit.idrequest'))).toBe(raw.idrequest);
    expect(byLabel.get(resultsText.t('uk', 'audit.servedBy'))).toBe('https://reserve.example');
    expect(String(byLabel.get(resultsText.t('uk', 'audit.mode')))).toMatch(/ПІСОЧНИЦЯ/);
    // One row per registry in the answer.
    expect(rows).toHaveLength(4 + summary.registries.length + 4);
  });
});
