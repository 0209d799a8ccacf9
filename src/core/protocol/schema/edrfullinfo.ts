import { countries, country } from './country';
import { bool, item, level, list, mreg, num, obj, post, str } from './fields';

const indicatorFields = {
  indicators: num,
  indicators_str: str,
  indicators_note: str,
  indicators_level: num,
};

/** Founders and beneficiaries share these: their links to PEPs, sanctioned persons and sole traders. */
const linkFlagFields = {
  n_pep: num,
  is_actual_pep: bool,
  n_pep_ids: str,
  n_san: num,
  is_actual_san: bool,
  n_san_ids: str,
  n_psan_ids: str,
  n_fop: bool,
  n_fop_ids: str,
};

const originFields = {
  country_of_origin: str,
  country_of_origin_risks: country(),
  countries_of_origin_risks: post(countries()),
  country_of_register: str,
  country_of_register_risks: country(),
};

const founderShape = {
  founder: str,
  name: str,
  edrpou: str,
  entity_type: post(num),
  ...indicatorFields,
  part_suma: num,
  percent: num,
  ...linkFlagFields,
  n_founder: str,
  rel_edrpou: str,
  rel_edrpou_kbv: post(str),
  address_founder: str,
  name_adr_founder: str,
  edrpou_adr_founder: str,
  ...originFields,
};

// "benefiaciars" is the service's own spelling.
const beneficiaryShape = {
  founder: str,
  pib_name: str,
  name: str,
  edrpou: str,
  entity_type: post(num),
  ...indicatorFields,
  address_f: str,
  type: num,
  role: str,
  interest: num,
  indirect_interest: num,
  reason: str,
  other_impact: str,
  beneficiary_false: bool,
  ...linkFlagFields,
  n_mb: str,
  rel_edrpou: str,
  rel_edrpou_founder: post(str),
  address_mb: str,
  name_adr_mb: str,
  edrpou_adr_mb: str,
  ...originFields,
};

const managerShape = {
  name: str,
  position: str,
  appointment_date: str,
  restriction: str,
  entity_type: post(num),
  m_pep: str,
  m_pep_ids: str,
  is_actual_pep: bool,
  m_san: str,
  m_san_ids: str,
  m_psan_ids: str,
  is_actual_san: bool,
};

const signerShape = { ...managerShape, founder: str };

const structureShape = {
  num_struct: str,
  date_struct: str,
  struct_signed: bool,
  name_sign: str,
  type_sign: str,
  struct_false: bool,
  struct_opaque: bool,
};

const relatedCompanyShape = {
  name: str,
  code: str,
  entity_type: post(num),
};

const aksShape = {
  name: str,
  code: str,
  prima: str,
};

const bankruptcyShape = {
  opDate: str,
  reason: str,
  sbjState: str,
  justmentName: str,
};

const tsiShape = {
  opDate: str,
  reason: str,
  sbjState: str,
  signerName: str,
  creditorReqEndDate: str,
};

const exdataShape = {
  authorityName: str,
  authorityCode: str,
  taxPayType: str,
  startDate: str,
  startNum: str,
  endDate: str,
  endNum: str,
};

const branchShape = {
  code: str,
  name: str,
  entity_type: post(num),
  address: str,
  signer: str,
  createDate: str,
  contacts: str,
  ...indicatorFields,
  aks: list(aksShape),
  exdata: list(exdataShape),
};

export const edrfullinfoItemSchema = item({
  idrec: num,
  type: num,
  branchstate: str,
  edrpou: str,
  name: str,
  shortName: str,
  altname: str,
  e_resident: post(bool),
  country: post(str),
  country_risk: post(country()),
  countries_risk: post(countries()),
  address: str,
  stan: str,
  fdn: str,
  opf: str,
  sm: str,
  authorizedCapital: str,
  statute: str,
  registration: str,
  managingPaper: str,
  terminatedInfo: str,
  terminationCancelInfo: str,
  ca: str,
  vpDates: str,
  contacts: str,
  address_mreg: mreg,
  edrpou_address_mreg: str,
  isnoprofit: bool,
  isriskbonds: bool,
  n_mfounder: num,
  mfounder_edrpou: str,
  isbilorussian: bool,
  isrussian: bool,
  n_contacts: post(num),
  phone_edrpou: post(str),
  email_edrpou: post(str),
  www_edrpou: post(str),
  date_last_changed: str,
  ...indicatorFields,
  percent: num,
  level: level,
  founders: list(founderShape),
  benefiaciars: list(beneficiaryShape),
  manager_info: obj(managerShape),
  signers: list(signerShape),
  structure: post(list(structureShape)),
  eps: list(relatedCompanyShape),
  assignees: list(relatedCompanyShape),
  predecs: list(relatedCompanyShape),
  aks: list(aksShape),
  bankrupts: list(bankruptcyShape),
  tsi: list(tsiShape),
  exdatas: list(exdataShape),
  branches: list(branchShape),
});
