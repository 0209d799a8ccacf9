import type { RegistryKey } from '../../core/protocol/registries';
import type { GeneratedDoc } from './codes';

export type Json = string | number | boolean | null | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** A fictional natural person, before any registry has a record of them. */
export interface Person {
  kind: 'person';
  surname: string;
  first: string;
  patronymic: string;
  male: boolean;
  /** "Прізвище Ім'я По батькові", as Ukrainian registries write it. */
  name: string;
  /** KMU 55 spelling of name: what the service derives when namelat is not sent. */
  namelat: string;
  /** The same person in Russian spelling, as older and foreign lists carry it. */
  nameRu: string;
  /** "SURNAME, First Patronymic" in the Russian-based Latin of foreign sanctions lists. */
  nameRuLat: string;
  birthDate: string;
  rnokpp: string;
  /** Internal passport (series and number) or ID card (number only). */
  passport: GeneratedDoc;
  foreignPassport: GeneratedDoc;
  citizenship: string;
  region: string;
  city: string;
  address: string;
}

export interface Company {
  kind: 'company';
  edrpou: string;
  /** Name without legal form: ЗОРЯНИЙ ЛАН. */
  bare: string;
  /** Register name: ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "ЗОРЯНИЙ ЛАН". */
  name: string;
  /** ТОВ "ЗОРЯНИЙ ЛАН". */
  shortName: string;
  namelat: string;
  opf: string;
  formFull: string;
  address: string;
  placeCode: string;
  region: string;
  kved: readonly [string, string];
  state: 'зареєстровано' | 'в стані припинення' | 'припинено';
  registrationDate: string;
  capital: number;
  manager: Person;
  founders: Person[];
  country: string;
}

export interface DocKey {
  /** normalizeDoc form: no spaces, Latin series letters. */
  value: string;
  doctype: 1 | 2;
}

/**
 * One registry record with what the matcher needs beside the item the service would return.
 * `item` is the full POST form without percent and level, which depend on the request.
 */
export interface SandboxRecord {
  id: number;
  registry: RegistryKey;
  subject: 'person' | 'company' | 'document';
  /** Every spelling the service matches against: name, aliases, Latin name. */
  names: string[];
  birthDate?: string;
  /** Tax numbers and company codes that find this record (percent 100). */
  codes: string[];
  docs: DocKey[];
  /** listdata bits that select this record; a record answers when any of them is asked. */
  bits: number[];
  /** edrfullinfo: false for a superseded entry, shown only when onlyactual is false. */
  actual: boolean;
  item: JsonObject;
}
