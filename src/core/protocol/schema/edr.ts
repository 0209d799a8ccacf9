import type { z } from 'zod';
import { bool, item, level, list, num, post, str } from './fields';

export const edrItemSchema = item({
  idrec: num,
  edrpou: str,
  name: str,
  shortname: str,
  address: str,
  manager: str,
  kved: str,
  state: str,
  txtf: str,
  kbv: str,
  mng: str,
  own: str,
  assignee: post(str),
  isbilorussian: bool,
  isrussian: bool,
  isriskbonds: bool,
  isnoprofit: bool,
  ispep: bool,
  isactualpep: bool,
  issan: bool,
  isactualsan: bool,
  indicators: num,
  indicators_str: str,
  indicators_note: str,
  indicators_level: num,
  level: level,
});

const changeDetailShape = {
  id: str,
  changeinf: str,
  changetype: num,
  ishumanchanges: bool,
  oldv: str,
  newv: str,
};

const changeShape = {
  datachange: str,
  changedetails: list(changeDetailShape),
};

const companyChangesShape = {
  edrpou: str,
  lastname: str,
  lastsname: str,
  lastaddress: str,
  laststate: str,
  n_name: str,
  n_address: str,
  n_manag: str,
  n_kved: str,
  n_state: str,
  n_kbv: str,
  n_kbv_human: str,
  n_founder: str,
  n_founder_human: str,
  changes: list(changeShape),
};

export const edrChangeSchema = item(changeShape);
export const edrCompanyChangesSchema = item(companyChangesShape);

export const edrchangesItemSchema = item({
  edrchangesfrom: str,
  edrchangesto: str,
  edrchanges: list(companyChangesShape),
});

export type EdrchangesItem = z.infer<typeof edrchangesItemSchema>;
export type EdrCompanyChanges = z.infer<typeof edrCompanyChangesSchema>;
export type EdrChange = z.infer<typeof edrChangeSchema>;
