import type { z } from 'zod';
import { bool, item, level, list, num, post, str, strs } from './fields';

export const justiceItemSchema = item({
  cause_num: str,
  name: str,
  edrpou: str,
  typeperson: str,
  nameperson: str,
  case_description: str,
  datails: str,
  documents: list({
    doc_id: str,
    court: str,
    instance: str,
    judgment_form: str,
    judge: str,
    cause_categorie: str,
    adjudication_date: str,
    doc_url: str,
  }),
  persons: str,
  personsList: list({
    type: str,
    name: str,
    court: str,
    date: str,
  }),
  percent: num,
  level: level,
});

export const executiveItemSchema = item({
  order_vp: num,
  devtor_edrpou: str,
  debtor_name: str,
  debtor_birtdate: str,
  creditor_edrpou: str,
  creditor_name: str,
  begindate_vp: str,
  state_vp: str,
  depname: str,
  typecl: str,
  dvs: str,
  phone_num: str,
  email: str,
  bank_account: str,
  percent: num,
  level: level,
});

export const taxdebtorItemSchema = item({
  dname: str,
  dedrpou: str,
  ddirname: str,
  dfs: list({
    ddfsname: str,
    debtdetails: list({
      dminperiod: num,
      dmaxperiod: num,
      dsumlocal: num,
      dsumgov: num,
      dsumesv: num,
      disactive: num,
    }),
  }),
});

export const debtorItemSchema = item({
  vporder: str,
  name: str,
  birthdate: str,
  code: str,
  publisher: str,
  emp_fio: str,
  emp_org: str,
  emp_phone: str,
  org_phone: str,
  email: str,
  vd_cat: str,
  percent: num,
  level: level,
});

export const bankruptItemSchema = item({
  edrpou: str,
  name: str,
  details: list({
    id: num,
    daterec: str,
    typerec: str,
    casenumber: str,
    startdateauc: str,
    enddateauc: str,
    courtname: str,
    endregistrdate: str,
  }),
  percent: num,
  level: level,
});

export const corruptItemSchema = item({
  id: num,
  entity: str,
  name: str,
  punishment_type: str,
  punishment_start: str,
  punishment: str,
  sentence_date: str,
  offense_name: str,
  court_case_number: str,
  court_name: str,
  sentence_number: str,
  codex_articles: str,
  percent: num,
  level: level,
});

export const wantedItemSchema = item({
  id: str,
  list: str,
  name: str,
  father_name: str,
  mother_name: str,
  mothers_maiden_name: str,
  pseudonim: str,
  last_residence: str,
  aka: str,
  datebirth: str,
  foto: str,
  fotos: strs,
  color: str,
  forename: str,
  weight: num,
  height: num,
  hairs_id: strs,
  country_of_birth_id: str,
  place_of_birth: str,
  nationalities: strs,
  languages_spoken_ids: strs,
  eyes_colors_id: strs,
  arrest_warrants: list({
    charge: str,
    issuing_country_id: str,
    charge_translation: str,
  }),
  // The document leaves the shape of these link objects open.
  links: list({}),
  distinguishing_marks: str,
  thumbnail: str,
  gender: str,
  date_disappearance: str,
  place_disappearance: str,
  precaution: str,
  article_accusation: str,
  contacts: str,
  region: str,
  category: str,
  wantedby: post(str),
  ethnicorigin: post(str),
  published: post(str),
  lastmodification: post(str),
  remark: post(str),
  last_actual_date: str,
  actual: bool,
  percent: num,
  level: level,
});

export type JusticeItem = z.infer<typeof justiceItemSchema>;
export type ExecutiveItem = z.infer<typeof executiveItemSchema>;
export type TaxdebtorItem = z.infer<typeof taxdebtorItemSchema>;
export type DebtorItem = z.infer<typeof debtorItemSchema>;
export type BankruptItem = z.infer<typeof bankruptItemSchema>;
export type CorruptItem = z.infer<typeof corruptItemSchema>;
export type WantedItem = z.infer<typeof wantedItemSchema>;
