// The checks that refuse a run before anything is sent or written.
import { InvalidInputError, type FieldError } from '../core/protocol/errors';
import type { LocalizedText } from '../core/text/i18n';
import type { ServiceMode } from '../core/settings/settings';
import { checkMapping, describeMappingProblem, type CellValue, type ColumnMapping } from './columns';
import { bulkMessages } from './messages';
import { isHitsHeader } from './previous-hits';
import type { RunMeta } from './state';

export function inputError(field: string, code: string, message: LocalizedText): InvalidInputError {
  const error: FieldError = { field, code, message };
  return new InvalidInputError([error]);
}

/** Refuses a run whose mapping cannot produce a single request, before anything is sent or written. */
export function assertRunnable(
  input: { headers: readonly CellValue[]; rowCount: number },
  mapping: ColumnMapping,
): void {
  const problems = checkMapping(mapping, input.headers.length);
  if (problems.length > 0) {
    throw new InvalidInputError(
      problems.map((p) => ({
        field: 'mapping',
        code: p.code,
        message: {
          uk: describeMappingProblem(p, input.headers, 'uk'),
          en: describeMappingProblem(p, input.headers, 'en'),
        },
      })),
    );
  }
  if (input.rowCount === 0) throw inputError('input', 'input.empty', bulkMessages.text('input.empty'));
  // Its birth-date and code columns are the registries' records: screened as clients, every row would ask the wrong thing.
  if (isHitsHeader(input.headers)) throw inputError('input', 'input.hitsTable', bulkMessages.text('input.hitsTable'));
}

/** A resume must see the very rows the run started with. */
export function assertSameInput(meta: RunMeta, input: { rowCount: number; fingerprint: string }): void {
  if (input.rowCount !== meta.input.rowCount) {
    const details = bulkMessages.text('input.rowCount', { before: meta.input.rowCount, now: input.rowCount });
    throw inputError('input', 'input.changed', {
      uk: bulkMessages.t('uk', 'input.changed', { details: details.uk }),
      en: bulkMessages.t('en', 'input.changed', { details: details.en }),
    });
  }
  if (input.fingerprint !== meta.input.fingerprint) throw inputChangedError();
}

/** The rows differ from those the run was planned on: at a resume, or a file edited while it is read again. */
export function inputChangedError(): InvalidInputError {
  const details = bulkMessages.text('input.content');
  return inputError('input', 'input.changed', {
    uk: bulkMessages.t('uk', 'input.changed', { details: details.uk }),
    en: bulkMessages.t('en', 'input.changed', { details: details.en }),
  });
}

/**
 * A resume must ask the same service the run started on: sandbox answers are fictional, and one
 * sheet holding both, under a header naming one of them, would mislead the reviewer.
 */
export function assertSameMode(meta: RunMeta, mode: ServiceMode, modeLabel: LocalizedText): void {
  if (meta.mode === mode) return;
  throw inputError('mode', 'resume.modeChanged', {
    uk: bulkMessages.t('uk', 'resume.modeChanged', { was: meta.modeLabel.uk, now: modeLabel.uk }),
    en: bulkMessages.t('en', 'resume.modeChanged', { was: meta.modeLabel.en, now: modeLabel.en }),
  });
}
