import type { JsonObject } from './model';

/**
 * Country risk blocks. The flags follow the public lists roughly; the sandbox needs plausible
 * variety (a clean EU state, an offshore zone, an aggressor state), not a compliance reference.
 */
interface CountryRow {
  code: number;
  uk: string;
  lat: string;
  a2: string;
  a3: string;
  flags: readonly Flag[];
  coruption: number;
  haven: number;
  global: number;
  moneylaundering: number;
  terrorismindex: number;
}

type Flag =
  | 'eublack'
  | 'eugray'
  | 'fatfblack'
  | 'fatfgray'
  | 'oecdblack'
  | 'oecdgray'
  | 'kmu1045'
  | 'kmu143'
  | 'terrorism'
  | 'doubletax'
  | 'thirdcountries'
  | 'sectoral'
  | 'dangerous'
  | 'eresident';

const FLAGS: readonly Flag[] = [
  'eublack',
  'eugray',
  'fatfblack',
  'fatfgray',
  'oecdblack',
  'oecdgray',
  'kmu1045',
  'kmu143',
  'terrorism',
  'doubletax',
  'thirdcountries',
  'sectoral',
  'dangerous',
  'eresident',
];

function row(
  code: number,
  uk: string,
  lat: string,
  a2: string,
  a3: string,
  flags: readonly Flag[],
  [coruption, haven, global, moneylaundering, terrorismindex]: readonly [number, number, number, number, number],
): CountryRow {
  return { code, uk, lat, a2, a3, flags, coruption, haven, global, moneylaundering, terrorismindex };
}

export const COUNTRIES: readonly CountryRow[] = [
  row(804, 'Україна', 'Ukraine', 'UA', 'UKR', ['eresident'], [36, 0, 3.4, 5.1, 6.4]),
  row(616, 'Польща', 'Poland', 'PL', 'POL', ['doubletax', 'eresident'], [54, 0, 1.6, 4.2, 0.3]),
  row(276, 'Німеччина', 'Germany', 'DE', 'DEU', ['doubletax', 'eresident'], [78, 12, 1.5, 4.5, 2.1]),
  row(196, 'Кіпр', 'Cyprus', 'CY', 'CYP', ['doubletax', 'kmu143', 'eresident'], [53, 46, 1.9, 5.0, 0]),
  row(
    784,
    "Об'єднані Арабські Емірати",
    'United Arab Emirates',
    'AE',
    'ARE',
    ['fatfgray', 'kmu143', 'doubletax'],
    [68, 61, 1.9, 5.4, 0],
  ),
  row(
    591,
    'Панама',
    'Panama',
    'PA',
    'PAN',
    ['eublack', 'fatfgray', 'kmu1045', 'kmu143', 'thirdcountries'],
    [35, 55, 2.0, 6.2, 0],
  ),
  row(
    92,
    'Британські Віргінські острови',
    'British Virgin Islands',
    'VG',
    'VGB',
    ['eugray', 'kmu1045', 'kmu143'],
    [0, 71, 0, 6.0, 0],
  ),
  row(826, 'Велика Британія', 'United Kingdom', 'GB', 'GBR', ['doubletax', 'eresident'], [71, 27, 1.7, 4.3, 3.0]),
  row(
    840,
    'Сполучені Штати Америки',
    'United States',
    'US',
    'USA',
    ['doubletax', 'eresident'],
    [69, 63, 2.4, 4.5, 4.1],
  ),
  row(
    643,
    'Російська Федерація',
    'Russian Federation',
    'RU',
    'RUS',
    ['kmu1045', 'sectoral', 'dangerous', 'terrorism'],
    [26, 0, 3.2, 6.9, 4.6],
  ),
  row(112, 'Білорусь', 'Belarus', 'BY', 'BLR', ['sectoral', 'dangerous'], [37, 0, 2.5, 6.3, 0]),
  row(
    408,
    'Корейська Народно-Демократична Республіка',
    "Democratic People's Republic of Korea",
    'KP',
    'PRK',
    ['fatfblack', 'kmu1045', 'thirdcountries', 'terrorism', 'dangerous'],
    [17, 0, 2.9, 8.0, 0],
  ),
  row(
    364,
    'Іран',
    'Iran',
    'IR',
    'IRN',
    ['fatfblack', 'kmu1045', 'thirdcountries', 'terrorism', 'dangerous'],
    [24, 0, 2.8, 7.5, 5.2],
  ),
  row(233, 'Естонія', 'Estonia', 'EE', 'EST', ['doubletax', 'eresident'], [76, 0, 1.6, 3.9, 0]),
  row(498, 'Молдова', 'Moldova', 'MD', 'MDA', ['doubletax', 'eresident'], [42, 0, 2.0, 5.6, 0]),
  row(268, 'Грузія', 'Georgia', 'GE', 'GEO', ['doubletax', 'eresident'], [53, 0, 2.1, 4.8, 0.7]),
  row(792, 'Туреччина', 'Türkiye', 'TR', 'TUR', ['doubletax', 'fatfgray'], [34, 0, 2.8, 5.7, 5.6]),
  row(756, 'Швейцарія', 'Switzerland', 'CH', 'CHE', ['doubletax', 'eresident'], [82, 67, 1.4, 4.2, 0]),
  row(690, 'Сейшельські Острови', 'Seychelles', 'SC', 'SYC', ['kmu1045', 'kmu143', 'eugray'], [71, 41, 0, 5.5, 0]),
];

const BY_A2 = new Map(COUNTRIES.map((c) => [c.a2, c]));

export function countryRow(a2: string): CountryRow {
  const row = BY_A2.get(a2);
  if (!row) throw new RangeError(`no country ${a2}`);
  return row;
}

const blocks = new Map<string, JsonObject>();

/**
 * The country risk block in its POST form; the GET form drops codecountr. One shared object per
 * country: records are never mutated after generation, and thousands of copies would cost memory.
 */
export function countryBlock(a2: string): JsonObject {
  const cached = blocks.get(a2);
  if (cached) return cached;
  const c = countryRow(a2);
  const block: JsonObject = {
    codecountr: c.code,
    countryname: c.uk,
    countrynamelat: c.lat,
    country_2dig: c.a2,
    country_3dig: c.a3,
  };
  for (const flag of FLAGS) block[flag] = c.flags.includes(flag);
  block.coruption = c.coruption;
  block.haven = c.haven;
  block.global = c.global;
  block.moneylaundering = c.moneylaundering;
  block.terrorismindex = c.terrorismindex;
  blocks.set(a2, block);
  return block;
}
