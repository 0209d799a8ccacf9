import type { LocalizedText } from '../../core/text/i18n';
import type { Listdata } from '../../core/protocol/listdata';
import { runOptionsFrom, type RunOptions } from '../../core/request/run-options';
import type { Settings } from '../../core/settings/settings';

/** What the bulk panel lets a person choose for one run, as typed. */
export interface BulkChoices {
  listdata: Listdata;
  search: 1 | 2;
  lowranklimit: string;
}

/** Messages by panel field; `general` holds the rest (a saved address the policy refuses). */
export interface BulkChoiceErrors {
  listdata?: LocalizedText;
  lowranklimit?: LocalizedText;
  general: LocalizedText[];
}

export type BulkChoiceCheck = { ok: true; options: RunOptions } | { ok: false; errors: BulkChoiceErrors };

/**
 * The panel's choices over the saved settings, checked by core's runOptionsFrom: the panel keeps
 * no rule of its own, so it refuses exactly what the settings form, the CLI and the functions refuse.
 */
export function checkBulkChoices(settings: Settings, choices: BulkChoices): BulkChoiceCheck {
  const checked = runOptionsFrom(settings, {
    registries: choices.listdata,
    search: choices.search,
    lowranklimit: choices.lowranklimit,
  });
  if (checked.ok) return checked;
  const errors: BulkChoiceErrors = { general: [] };
  for (const e of checked.errors) {
    if (e.field === 'listdata' || e.field === 'lowranklimit') errors[e.field] ??= e.message;
    else errors.general.push(e.message);
  }
  return { ok: false, errors };
}
