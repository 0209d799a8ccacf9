import type { z } from 'zod';
import type { RegistryKey } from '../registries';
import {
  bankruptItemSchema,
  corruptItemSchema,
  debtorItemSchema,
  executiveItemSchema,
  justiceItemSchema,
  taxdebtorItemSchema,
  wantedItemSchema,
} from './courts';
import { edrchangesItemSchema, edrItemSchema } from './edr';
import { edrfullinfoItemSchema } from './edrfullinfo';
import { pepItemSchema } from './peps';
import { psanctionsItemSchema } from './psanctions';
import {
  licensesItemSchema,
  lostdocsItemSchema,
  nonrezedentItemSchema,
  notariusItemSchema,
  okupantItemSchema,
  zradaItemSchema,
} from './registers';

/** One item schema per result key: the single place that ties a key to its block. */
export const REGISTRY_ITEM_SCHEMAS = {
  peps: pepItemSchema,
  psanctions: psanctionsItemSchema,
  lostdocs: lostdocsItemSchema,
  edr: edrItemSchema,
  edrfullinfo: edrfullinfoItemSchema,
  edrchanges: edrchangesItemSchema,
  justice: justiceItemSchema,
  executive: executiveItemSchema,
  taxdebtor: taxdebtorItemSchema,
  debtor: debtorItemSchema,
  bankrupt: bankruptItemSchema,
  corrupt: corruptItemSchema,
  wanted: wantedItemSchema,
  licenses: licensesItemSchema,
  notarius: notariusItemSchema,
  zrada: zradaItemSchema,
  okupant: okupantItemSchema,
  nonrezedent: nonrezedentItemSchema,
} satisfies Record<RegistryKey, z.ZodType>;

export type RegistryItemMap = { [K in RegistryKey]: z.infer<(typeof REGISTRY_ITEM_SCHEMAS)[K]> };
