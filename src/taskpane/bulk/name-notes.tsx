import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { ColumnMapping } from '../../bulk/columns';
import { nameColumnNotes } from '../../bulk/name-columns';
import type { Lang } from '../../core/text/i18n';
import type { SheetInput } from '../../excel/bulk/bulk-input';

/**
 * Under the column mapping, before Start: how the name is made ("ПІБ = Прізвище + Ім'я + По
 * батькові"), and a warning when the name column mostly holds one word or names carry initials.
 */
export function NameNotes({ input, mapping, lang }: { input: SheetInput; mapping: ColumnMapping; lang: Lang }) {
  // Rendered on every progress tick of a run: computed again only when the list or the mapping changes.
  const notes = useMemo(() => nameColumnNotes(input.headers, input.rows.slice(0, 500), mapping), [input, mapping]);
  if (notes.length === 0) return null;
  return (
    <MessageBar
      intent={
        notes.some((n) => ['oneWord', 'initials', 'dateDiffers', 'badCheckDigit'].includes(n.kind)) ? 'warning' : 'info'
      }
      layout="multiline"
      data-testid="bulk-name-notes"
    >
      <MessageBarBody>
        {notes.map((n) => (
          <div key={n.kind}>{n.text[lang]}</div>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}
