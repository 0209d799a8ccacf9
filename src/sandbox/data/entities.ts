import { latinOf } from '../text';
import type { Rng } from '../prng';
import { makeDoc, makeEdrpou, makeRnokpp, type GeneratedDoc } from './codes';
import type { Company, Person } from './model';
import {
  COMPANY_ADJECTIVES,
  COMPANY_NOUNS,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  FEMALE_NAMES,
  KVEDS,
  LEGAL_FORMS,
  MALE_NAMES,
  PLACES,
  STREETS,
  SURNAMES_COMMON,
  SURNAMES_GENDERED,
  type LegalForm,
} from './pools';

const RU_SPELLING: Readonly<Record<string, string>> = {
  і: 'и',
  ї: 'и',
  є: 'е',
  ґ: 'г',
  І: 'И',
  Ї: 'И',
  Є: 'Е',
  Ґ: 'Г',
  "'": '',
  '’': '',
};
const RU_SPELLING_CHARS = /[іїєґІЇЄҐ'’]/g;

/** Ukrainian spelling to the Russian spelling older lists use: і/ї → и, є → е, ґ → г, no apostrophe. */
export function toRussianSpelling(text: string): string {
  return (
    text
      .replace(RU_SPELLING_CHARS, (ch) => RU_SPELLING[ch] ?? ch)
      // A word's end, not \b: JavaScript's \b knows only Latin letters.
      .replace(/ський(?!\p{L})/gu, 'ский')
      .replace(/ська(?!\p{L})/gu, 'ская')
      .replace(/цький(?!\p{L})/gu, 'цкий')
      .replace(/цька(?!\p{L})/gu, 'цкая')
  );
}

const RU_LAT: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const ruLatCache = new Map<string, string>();

/** Russian-based romanisation (BGN/PCGN style), deliberately unlike KMU 55: "Григорий" → "Grigoriy". */
export function russianLatin(text: string): string {
  return text.replace(/\S+/g, (word) => {
    let latin = ruLatCache.get(word);
    if (latin === undefined) {
      latin = russianLatinWord(word);
      // Bounded: generation is the only caller, but a cache must never grow without end.
      if (ruLatCache.size > 20_000) ruLatCache.clear();
      ruLatCache.set(word, latin);
    }
    return latin;
  });
}

function russianLatinWord(text: string): string {
  return text.replace(/[а-яё]/gi, (ch) => {
    const lower = ch.toLowerCase();
    const latin = RU_LAT[lower];
    if (latin === undefined) return ch;
    return ch === lower || latin === '' ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function randomDate(rng: Rng, fromYear: number, toYear: number): string {
  return isoDate(rng.int(fromYear, toYear), rng.int(1, 12), rng.int(1, 28));
}

/** DD.MM.YYYY, as several Ukrainian registers print dates. */
export function dottedDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

export interface PersonSpec {
  surname: string;
  first: string;
  patronymic: string;
  male: boolean;
  birthDate: string;
  nameRu?: string;
  citizenship?: string;
  /** Fixed values for documented subjects; generated otherwise. */
  rnokpp?: string;
  passport?: GeneratedDoc;
  foreignPassport?: GeneratedDoc;
  placeIndex?: number;
}

export function personFrom(rng: Rng, spec: PersonSpec): Person {
  const place = spec.placeIndex !== undefined ? PLACES[spec.placeIndex] : rng.pick(PLACES);
  const name = `${spec.surname} ${spec.first} ${spec.patronymic}`;
  const nameRu = spec.nameRu ?? toRussianSpelling(name);
  const [ruSurname, ...ruRest] = nameRu.split(' ');
  return {
    kind: 'person',
    surname: spec.surname,
    first: spec.first,
    patronymic: spec.patronymic,
    male: spec.male,
    name,
    namelat: latinOf(name),
    nameRu,
    nameRuLat: `${russianLatin(ruSurname).toUpperCase()}, ${russianLatin(ruRest.join(' '))}`,
    birthDate: spec.birthDate,
    rnokpp: spec.rnokpp ?? makeRnokpp(rng, spec.birthDate, spec.male),
    passport: spec.passport ?? makeDoc(rng, rng.chance(0.6) ? 'passport' : 'idcard'),
    foreignPassport: spec.foreignPassport ?? makeDoc(rng, 'foreign'),
    citizenship: spec.citizenship ?? 'UA',
    region: place.region,
    city: place.city,
    address: `${place.city}, ${rng.pick(STREETS)}, буд. ${rng.int(1, 120)}, кв. ${rng.int(1, 200)}`,
  };
}

export function randomPerson(rng: Rng): Person {
  const isMale = rng.chance(0.62);
  const father = rng.pick(MALE_NAMES);
  let surname: string;
  if (rng.chance(0.7)) surname = rng.pick(SURNAMES_COMMON);
  else surname = rng.pick(SURNAMES_GENDERED)[isMale ? 0 : 1];
  let first: string;
  let firstRu: string;
  if (isMale) {
    const n = rng.pick(MALE_NAMES);
    first = n.uk;
    firstRu = n.ru;
  } else {
    const n = rng.pick(FEMALE_NAMES);
    first = n.uk;
    firstRu = n.ru;
  }
  const [pm, pf, rm, rf] = father.patronymic;
  const patronymic = isMale ? pm : pf;
  const nameRu = `${toRussianSpelling(surname)} ${firstRu} ${isMale ? rm : rf}`;
  return personFrom(rng, { surname, first, patronymic, male: isMale, birthDate: randomDate(rng, 1948, 2003), nameRu });
}

export interface CompanySpec {
  bare: string;
  edrpou?: string;
  form?: LegalForm;
  state?: Company['state'];
  manager?: Person;
  founders?: Person[];
}

export function companyFrom(rng: Rng, spec: CompanySpec): Company {
  const form = spec.form ?? rng.pick(LEGAL_FORMS);
  const place = rng.pick(PLACES);
  const manager = spec.manager ?? randomPerson(rng);
  const founders = spec.founders ?? (rng.chance(0.5) ? [manager] : [manager, randomPerson(rng)]);
  const name = `${form.full} "${spec.bare}"`;
  return {
    kind: 'company',
    edrpou: spec.edrpou ?? makeEdrpou(rng),
    bare: spec.bare,
    name,
    shortName: `${form.short} "${spec.bare}"`,
    namelat: latinOf(name),
    opf: form.opf,
    formFull: form.full,
    address: `${rng.int(1000, 99999).toString().padStart(5, '0')}, ${place.region === 'м. Київ' ? '' : `${place.region}, `}м. ${place.city}, ${rng.pick(STREETS)}, буд. ${rng.int(1, 150)}`,
    placeCode: place.code,
    region: place.region,
    kved: rng.pick(KVEDS),
    state: spec.state ?? (rng.chance(0.85) ? 'зареєстровано' : rng.chance(0.5) ? 'в стані припинення' : 'припинено'),
    registrationDate: randomDate(rng, 1994, 2022),
    capital: rng.int(1, 500) * 1000,
    manager,
    founders,
    country: 'UA',
  };
}

export function randomCompanyName(rng: Rng): string {
  const pattern = rng.int(0, 2);
  if (pattern === 0) return `${rng.pick(COMPANY_ADJECTIVES)} ${rng.pick(COMPANY_NOUNS)}`;
  if (pattern === 1) return `${rng.pick(COMPANY_PREFIXES)}${rng.pick(COMPANY_NOUNS)}-${rng.pick(COMPANY_SUFFIXES)}`;
  return `${rng.pick(COMPANY_NOUNS)}-${rng.pick(COMPANY_SUFFIXES)}`;
}

export function randomCompany(rng: Rng): Company {
  return companyFrom(rng, { bare: randomCompanyName(rng) });
}
