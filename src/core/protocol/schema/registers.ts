import { bool, item, level, list, num, post, str } from './fields';

export const lostdocsItemSchema = item({
  ovd: str,
  d_SERIES: str,
  d_NUMBER: str,
  d_TYPE: str,
  d_STATUS: str,
  theft_DATA: str,
  insert_DATE: str,
  id: str,
});

export const licensesItemSchema = item({
  edrpou: str,
  build: list({
    id: num,
    vud: str,
    lic: str,
    name: str,
    address: str,
    datebegin: str,
    dateend: str,
  }),
  gambling: list({
    name: str,
    address: str,
    license: str,
    datelicense: str,
    brandname: str,
    typelic: str,
    description: str,
    ntypelic: num,
  }),
  bonds: list({
    id: num,
    sertificates_nom: str,
    edrpou: str,
    entity_form: str,
    name: str,
    emis_type_name: str,
    releases_form_code: str,
    tp_name: str,
    reg_date: str,
    report_reg_dt: str,
    suspend_nom: str,
    suspend_dt: str,
    resume_nom: str,
    resume_dt: str,
    cancel_nom: str,
    series: str,
    qty: num,
    nominal: num,
    emis_vol: num,
    stat_cap: num,
  }),
});

export const okupantItemSchema = item({
  id: num,
  name: str,
  rank: str,
  birth: str,
  passport: str,
  basenumber: str,
  base: str,
  info: str,
  locatedinua: bool,
  is_good: bool,
  is_polon: bool,
  is_identified: bool,
  is_accused: bool,
  foto: str,
  address: str,
  link: str,
  percent: num,
  level: level,
});

export const zradaItemSchema = item({
  id: str,
  name: str,
  birth: str,
  position: str,
  reason: str,
  foto: str,
  url: str,
  source: str,
  percent: num,
  level: level,
});

export const nonrezedentItemSchema = item({
  code: str,
  name: str,
  date_reestr: str,
  percent: num,
  level: level,
});

export const notariusItemSchema = item({
  license: str,
  name: str,
  nameobj: str,
  region: str,
  contacts: str,
  info: post(str),
  percent: num,
  level: level,
});
