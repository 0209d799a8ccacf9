// The CheckLists answer: zod schemas of every block, the lenient readers the client uses and
// the strict checker that proves an answer is exactly as documented.
export { AnswerShapeError } from './answer-shape-error';
export { parseServiceDate } from './dates';
export {
  envelopeHeaderSchema,
  envelopeSchema,
  getAnswerSchema,
  HEADER_KEYS,
  noteLostResult,
  parseEnvelope,
  parseGetAnswer,
  parsePostAnswer,
  postAnswerSchema,
  type EnvelopeHeader,
  type HeaderKey,
  type ParsedEnvelope,
  type ParsedRegistries,
} from './envelope';
export {
  checkEnvelopeStrict,
  checkGetAnswerStrict,
  checkPostAnswerStrict,
  strictEnvelopeSchema,
  strictGetAnswerSchema,
  strictPostAnswerSchema,
  type StrictCheckOptions,
} from './envelope-strict';
export { describeField, type FieldDesc, type ScalarKind } from './fields';
export { REGISTRY_ITEM_SCHEMAS, type RegistryItemMap } from './items';
export { parseRegistryErrorText, parseRegistryValue, type RegistryError, type RegistryOutcome } from './registry-value';
export { checkServiceErrorStrict, parseServiceError, serviceErrorSchema, type ServiceErrorBody } from './service-error';
export { MATCH_LEVELS, strictSchemaOf, type AnswerForm } from './strict';

export { countryRiskSchema, type CountryRisk } from './country';
export { linkItemSchema, type LinkItem } from './links';
export {
  pepDeclarationSchema,
  pepItemSchema,
  pepJobDetailSchema,
  pepRelatedPepSchema,
  pepRelatedPersonSchema,
  type PepDeclaration,
  type PepItem,
  type PepJobDetail,
  type PepRelatedPep,
  type PepRelatedPerson,
} from './peps';
export {
  psanctionsItemSchema,
  psanctionsRelatedPersonSchema,
  sanctionEntrySchema,
  sanctionListInfoSchema,
  sanctionSourceSchema,
  type PsanctionsItem,
  type PsanctionsRelatedPerson,
  type SanctionEntry,
  type SanctionListInfo,
  type SanctionSource,
} from './psanctions';
export {
  edrChangeDetailSchema,
  edrChangeSchema,
  edrchangesItemSchema,
  edrCompanyChangesSchema,
  edrItemSchema,
  type EdrChange,
  type EdrChangeDetail,
  type EdrchangesItem,
  type EdrCompanyChanges,
  type EdrItem,
} from './edr';
export {
  edrAksSchema,
  edrBankruptcySchema,
  edrBeneficiarySchema,
  edrBranchSchema,
  edrExdataSchema,
  edrFounderSchema,
  edrfullinfoItemSchema,
  edrManagerSchema,
  edrRelatedCompanySchema,
  edrSignerSchema,
  edrStructureSchema,
  edrTsiSchema,
  type EdrAks,
  type EdrBankruptcy,
  type EdrBeneficiary,
  type EdrBranch,
  type EdrExdata,
  type EdrFounder,
  type EdrfullinfoItem,
  type EdrManager,
  type EdrRelatedCompany,
  type EdrSigner,
  type EdrStructure,
  type EdrTsi,
} from './edrfullinfo';
export {
  bankruptItemSchema,
  corruptItemSchema,
  debtorItemSchema,
  executiveItemSchema,
  justiceItemSchema,
  taxdebtorItemSchema,
  wantedItemSchema,
  type BankruptItem,
  type CorruptItem,
  type DebtorItem,
  type ExecutiveItem,
  type JusticeItem,
  type TaxdebtorItem,
  type WantedItem,
} from './courts';
export {
  licensesItemSchema,
  lostdocsItemSchema,
  nonrezedentItemSchema,
  notariusItemSchema,
  okupantItemSchema,
  zradaItemSchema,
  type LicensesItem,
  type LostdocsItem,
  type NonrezedentItem,
  type NotariusItem,
  type OkupantItem,
  type ZradaItem,
} from './registers';
