import type { z } from 'zod';
import { country } from './country';
import { bool, item, level, list, num, obj, post, str, strs } from './fields';

const listInfoShape = {
  list: str,
  name: str,
  altname: str,
  crypto_wallet: post(str),
  crypto_currency: post(str),
  territory: str,
  cca2: str,
  publisher: str,
  individual: num,
  entity: num,
  all: num,
  loadDate: str,
  description: str,
  source: str,
  listDate: str,
  list_type: num,
};

const sanctionSourceShape = {
  norder: str,
  dateorder: str,
  weblink: str,
};

const sanctionEntryShape = {
  sanctionId: str,
  list: str,
  list_info: obj(listInfoShape),
  name: str,
  address: str,
  doc: str,
  birthdayDate: str,
  aka: str,
  birthdayPlace: str,
  citizenship: str,
  entityType: str,
  gender: str,
  insertDate: str,
  lastModifyDate: str,
  nationality: str,
  originalName: str,
  position: str,
  remark: str,
  source: str,
  title: str,
  vessel: str,
  work: str,
  period: str,
  related: num,
  percent: num,
  level: level,
  sanctionSource: obj(sanctionSourceShape),
};

const relatedPersonShape = {
  name: str,
  code: str,
  birthdate: str,
  relation: str,
  relationtype: num,
};

export const sanctionEntrySchema = item(sanctionEntryShape);

export const psanctionsItemSchema = item({
  pid: str,
  p_percent: post(num),
  p_level: post(level),
  active: bool,
  p_active: str,
  s_type: num,
  p_fullname: str,
  p_akas: strs,
  p_type: num,
  p_birthdate: str,
  p_birthdates: strs,
  p_birthplaces: strs,
  p_address: strs,
  p_photo: str,
  p_comment: str,
  p_country: num,
  country: country(),
  p_countries: strs,
  p_idcode: strs,
  p_docs: strs,
  p_lists: str,
  p_listdata: num,
  p_lists_ns: post(str),
  p_listdata_ns: post(num),
  p_lists_aas: post(str),
  p_listdata_aas: post(num),
  p_lists_nas: post(str),
  p_listdata_nas: post(num),
  p_lists_ca: post(str),
  p_listdata_ca: post(num),
  p_lists_cn: post(str),
  p_listdata_cn: post(num),
  p_related_persons: post(list(relatedPersonShape)),
  sanction: list(sanctionEntryShape),
  sanction_lost: list(sanctionEntryShape),
  caution: list(sanctionEntryShape),
  caution_lost: list(sanctionEntryShape),
  adm_sanction: post(list(sanctionEntryShape)),
  adm_sanction_lost: post(list(sanctionEntryShape)),
});

export type PsanctionsItem = z.infer<typeof psanctionsItemSchema>;
export type SanctionEntry = z.infer<typeof sanctionEntrySchema>;
