import { defineCatalogue, type Lang } from '../text/i18n';
import { registriesOf, type Listdata } from '../protocol/listdata';
import { registryDef } from '../protocol/registries';

/**
 * The headings of the cells a worksheet function spills, for the pane to write above a column of
 * formulas: the functions' help names the same columns. One home, so the headings cannot drift
 * from what the functions return (functions/evaluate.ts: PEP and SANCTIONS give level, best
 * percent, hits; SCREEN one count per registry, in REGISTRIES' order).
 */
const en = {
  'heading.level': '{registry}: level',
  'heading.percent': '{registry}: best match, %',
  'heading.hits': '{registry}: hits',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'heading.level': '{registry}: рівень',
  'heading.percent': '{registry}: найкращий збіг, %',
  'heading.hits': '{registry}: збігів',
};

export const functionHeadingTexts = defineCatalogue<Key>(en, uk);

export const SPILLING_FUNCTIONS = ['PEP', 'SANCTIONS', 'SCREEN'] as const;
export type SpillingFunction = (typeof SPILLING_FUNCTIONS)[number];

/** The row of headings over what `fn` spills; SCREEN's follow the registries it is given. */
export function functionHeadings(fn: SpillingFunction, lang: Lang, listdata: Listdata): string[] {
  if (fn === 'SCREEN') return registriesOf(listdata).map((key) => registryDef(key).shortLabel[lang]);
  const registry = registryDef(fn === 'PEP' ? 'peps' : 'psanctions').shortLabel[lang];
  return (['heading.level', 'heading.percent', 'heading.hits'] as const).map((k) =>
    functionHeadingTexts.t(lang, k, { registry }),
  );
}
