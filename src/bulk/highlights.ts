import { levelText } from '../core/answer/summary';
import type { Lang } from '../core/text/i18n';
import { bulkMessages } from './messages';
import type { TableColumn } from './result-table';

/** What the results table colours (conditional formats in Excel, fills in the CLI's XLSX). */
export interface HighlightRule {
  /** High and Low levels, failed rows, and registries that found something, each in a colour of its own. */
  style: 'high' | 'low' | 'failure' | 'counted';
  columnId: string;
  /** The cell equals one of these texts... */
  equals?: string[];
  /** ...or starts with one of these... */
  startsWith?: string[];
  /** ...or is a number above zero. */
  positive?: true;
}

function prefixOf(template: string): string {
  const at = template.indexOf('{');
  return at >= 0 ? template.slice(0, at) : template;
}

/** So that a printed or scanned sheet shows more than High. */
export function highlightRules(lang: Lang, columns: readonly TableColumn[]): HighlightRule[] {
  return [
    { style: 'high', columnId: 'level', equals: [levelText('high', lang)] },
    { style: 'low', columnId: 'level', equals: [levelText('low', lang)] },
    ...columns
      .filter((c) => c.id.startsWith('reg:'))
      .map((c): HighlightRule => ({ style: 'counted', columnId: c.id, positive: true })),
    {
      style: 'failure',
      columnId: 'status',
      startsWith: [
        prefixOf(bulkMessages[lang]['status.failed']),
        prefixOf(bulkMessages[lang]['status.invalid']),
        prefixOf(bulkMessages[lang]['status.incomplete']),
      ],
    },
  ];
}
