// The CheckLists answer: zod schemas of every block, the lenient readers the client uses and
// the strict checker that proves an answer is exactly as documented.
export { AnswerShapeError } from './answer-shape-error';
export { parseServiceDate } from './dates';
export {
  envelopeSchema,
  getAnswerSchema,
  HEADER_KEYS,
  noteLostResult,
  parseEnvelope,
  parseGetAnswer,
  parsePostAnswer,
  postAnswerSchema,
  type ParsedEnvelope,
  type ParsedRegistries,
} from './envelope';
export {
  checkEnvelopeStrict,
  checkGetAnswerStrict,
  checkPostAnswerStrict,
  strictGetAnswerSchema,
  strictPostAnswerSchema,
} from './envelope-strict';
export { describeField } from './fields';
export { REGISTRY_ITEM_SCHEMAS, type RegistryItemMap } from './items';
export { parseRegistryErrorText, parseRegistryValue, type RegistryError } from './registry-value';
export { checkServiceErrorStrict, parseServiceError } from './service-error';
// Read only with an answer in hand (core/request/client.ts), so it loads with the schemas, not with the pane's first render.
export { fromBothLanguages } from '../../text/both-languages';
export { type AnswerForm } from './strict';

export { type CountryRisk } from './country';
export { pepItemSchema, type PepItem, type PepRelatedPerson } from './peps';
export { type PsanctionsItem, type SanctionEntry } from './psanctions';
export { type EdrChange, type EdrchangesItem, type EdrCompanyChanges } from './edr';
export { wantedItemSchema } from './courts';
export { okupantItemSchema } from './registers';
