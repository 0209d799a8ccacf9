import { serviceKindOfLabel } from '../shared-runtime/messages';
import type { Lang } from '../core/text/i18n';
import type { MatchLevel } from '../core/answer/summary';
import { decisionText, fromDecisionCode, reasonCellText, type ChangeMark, type Decision } from './decisions';
import { type PreviousHit, type PreviousRun } from './previous-hits';
import type { HitLine } from './hits';
import { changeCellText, hitChanges, recordEdited, type FieldChange } from './hit-changes';
import { hitIdentity } from './hit-identity';
import { recordPart } from '../core/answer/record-identity';
import { utcMinute } from '../core/answer/relay-decisions';
import type { ScreenedOutcome } from './outcome';
import { rescreenMessages } from './rescreen-messages';
import type { TableCell } from './result-table';

/**
 * Merging the previous run's decisions into a new run: pure, so the CLI and the add-in carry
 * decisions the same way and a test can check it without a sheet.
 */
export interface HitReview {
  identity: string;
  /** null in a first run: there is nothing to compare with. */
  change: ChangeMark | null;
  /** What a "changed" hit changed in; absent otherwise. */
  changes?: readonly FieldChange[];
  /**
   * A decision on the relay made before the record changed (through a relay): not in force, so the
   * hit is open, but the Change cell names it for whoever decides again.
   */
  earlier?: { analyst: string; decision: Decision };
  /**
   * The previous sheet's false positive on a record the registry has edited since: no longer the
   * hit's decision (it is open), but named in the Change cell for whoever decides again.
   */
  clearedBefore?: { decidedBy: string; decidedAt: string };
  decision: Decision | null;
  /** A reason code, or the text typed where no code fits. */
  reason: string;
  comment: string;
  decidedBy: string;
  decidedAt: string;
  /**
   * The decision is the relay's record (it wins over the sheet); `sheetSaid`: the sheet's, when it
   * differed; `pending`: it awaits a second person's approval (four-eyes), so the hit is still open;
   * `approvedBy`: the second person who approved it.
   */
  byRelay?: { sheetSaid: Decision | null; pending?: true; returned?: true; approvedBy?: string };
}

type RelayDecided = NonNullable<ScreenedOutcome['relayDecided']>[number];

/**
 * A hit's change mark and decision: the previous sheet's, unless the relay's record holds a
 * decision on this hit's unchanged record (through a relay); then the relay's wins, and the row
 * says so, naming what the sheet had said when it differed.
 */
export function reviewHit(
  previous: PreviousRun | null | undefined,
  subjectKey: string,
  hit: HitLine,
  relayDecided?: readonly RelayDecided[],
): HitReview {
  const identity = hitIdentity(subjectKey, hit);
  const before = previous?.hits.get(identity);
  const changes = before ? hitChanges(before, hit) : [];
  const change: ChangeMark | null = !previous ? null : !before ? 'new' : changes.length > 0 ? 'changed' : 'same';
  const record = relayDecided?.length ? recordPart(hit) : '';
  const relay = relayDecided?.find((d) => d.record === record && !d.earlier);
  const earlier = relay ? undefined : relayDecided?.find((d) => d.record === record && d.earlier);
  // A clearance is of the record as it stood: once the registry edits the record the hit is open again,
  // as the relay's accept list stops muting it, so that nobody saves it as cleared unseen. Its reason
  // and comment stay for whoever decides; the Change cell names who cleared it and when.
  const reopened = before?.decision === 'falsePositive' && recordEdited(changes);
  const sheet = before
    ? {
        decision: reopened ? null : before.decision,
        reason: before.reason,
        comment: before.comment,
        decidedBy: reopened ? '' : before.decidedBy,
        decidedAt: reopened ? '' : before.decidedAt,
      }
    : { decision: null, reason: '', comment: '', decidedBy: '', decidedAt: '' };
  const marked = {
    identity,
    change,
    ...(changes.length > 0 ? { changes } : {}),
    ...(earlier ? { earlier: { analyst: earlier.analyst, decision: fromDecisionCode(earlier.decision) } } : {}),
  };
  if (!relay) {
    const cleared = reopened ? { clearedBefore: { decidedBy: before.decidedBy, decidedAt: before.decidedAt } } : {};
    return { ...marked, ...cleared, ...sheet };
  }
  const decision = fromDecisionCode(relay.decision);
  return {
    ...marked,
    decision,
    reason: relay.reason,
    comment: relay.comment,
    decidedBy: relay.analyst,
    decidedAt: utcMinute(relay.at),
    byRelay: {
      sheetSaid: sheet.decision !== null && sheet.decision !== decision ? sheet.decision : null,
      ...(relay.pending ? { pending: true as const } : {}),
      ...(relay.returned ? { returned: true as const } : {}),
      ...(relay.approvedBy ? { approvedBy: relay.approvedBy } : {}),
    },
  };
}

function decidedByText(review: HitReview, lang: Lang): string | null {
  if (!review.byRelay) return review.decidedBy || null;
  const { sheetSaid, pending, returned, approvedBy: approver = '' } = review.byRelay;
  const analyst = review.decidedBy;
  const how = pending ? 'pending' : returned ? 'returned' : approver ? 'approved' : 'relay';
  if (sheetSaid) {
    const was = decisionText(sheetSaid, lang);
    return rescreenMessages.t(lang, `decidedBy.${how}Overrides`, { analyst, approver, was });
  }
  return rescreenMessages.t(lang, `decidedBy.${how}`, { analyst, approver });
}

/** The review columns of one hit row, in REVIEW_COLUMN_IDS order up to the Hit ID. */
export function reviewCells(review: HitReview, lang: Lang): TableCell[] {
  return [
    changeCellText(review, lang),
    review.decision ? decisionText(review.decision, lang) : null,
    reasonCellText(review.reason, lang) || null,
    review.comment || null,
    decidedByText(review, lang),
    review.decidedAt || null,
    review.identity,
  ];
}

/** A hit's decision as the open level counts it: one awaiting approval is not in force yet. */
export function decisionInForce(review: HitReview): Decision | null {
  return review.byRelay?.pending ? null : review.decision;
}

/**
 * The level that is still open once decisions are counted: hits decided false positive are left
 * out, and a confirmed true match counts as high whatever the service's level, so a confirmed
 * client never drops out of a "high" filter.
 */
export function openLevel(hits: readonly { level: MatchLevel | null; decision: Decision | null }[]): MatchLevel | null {
  let best: MatchLevel | null = null;
  for (const h of hits) {
    if (h.decision === 'falsePositive') continue;
    const level = h.decision === 'trueMatch' ? 'high' : h.level;
    if (level === 'high') return 'high';
    if (level === 'low') best = 'low';
  }
  return best;
}

export interface RescreenSummary {
  /** Distinct hits (subject and record) not in the previous run. */
  newHits: number;
  /** Distinct hits whose percent, level, defining fields or fingerprint differ; decisions kept (see reopenedClearances). */
  changedHits: number;
  /** Distinct hits of the previous run the new one no longer finds. */
  goneHits: number;
  /** Result rows with a new or changed hit, or a hit decided "needs review". */
  rowsToReview: number;
  /**
   * Distinct hits with no decision at all, new or carried over: "rows to review 0" alone read as
   * nothing left to do while last month's hits still waited for one.
   */
  undecidedHits: number;
  /**
   * Distinct hits the previous sheet cleared as false positives whose record the registry has edited
   * since: open again (HitReview.clearedBefore), and said apart, as a compliance officer asks about them first.
   */
  reopenedClearances: number;
  /**
   * Distinct hits the previous sheet confirmed as true matches that this run no longer finds (on the
   * Gone sheet): a client whose sanctions were lifted or whose PEP status ended may need a new risk.
   */
  goneTrueMatches: number;
  previousSource: string;
  /**
   * The previous results and this run came from different kinds of service, a sandbox's fictional
   * data on one side and the live service on the other: their new, changed and gone hits compare
   * nothing real. Absent when both are alike, or the previous service is not known.
   */
  serviceShift?: ServiceShift;
}

/** What a summary says apart, when there are any: the two a compliance officer asks about first. */
const APART = {
  reopened: { summary: 'summary.reopened', header: 'header.reopened' },
  goneTrueMatches: { summary: 'summary.goneTrueMatches', header: 'header.goneTrueMatches' },
} as const;
type CountApart = keyof typeof APART;

/** Those counts in full sentences (`summary`, on screen) or as the Run state line's short words (`header`). */
export function countsApart(
  s: RescreenSummary,
  lang: Lang,
  form: 'summary' | 'header',
): { key: CountApart; text: string }[] {
  const counts: [CountApart, number][] = [
    ['reopened', s.reopenedClearances],
    ['goneTrueMatches', s.goneTrueMatches],
  ];
  return counts
    .filter(([, count]) => count > 0)
    .map(([key, count]) => ({ key, text: rescreenMessages.t(lang, APART[key][form], { count }) }));
}

export type ServiceShift = 'fictional-to-live' | 'live-to-fictional';

/** How the previous run's service (its header line) and this run's compare; null when alike or unknown. */
export function serviceShiftOf(previousService: string | undefined, fictionalNow: boolean): ServiceShift | null {
  const before = previousService === undefined ? null : serviceKindOfLabel(previousService);
  if (before === null || (before === 'fictional') === fictionalNow) return null;
  return before === 'fictional' ? 'fictional-to-live' : 'live-to-fictional';
}

/** Counts a run's hits against the previous run as rows are written, once per row. */
export class RescreenTally {
  private readonly seen = new Set<string>();
  private readonly fresh = new Set<string>();
  private readonly changed = new Set<string>();
  private readonly undecided = new Set<string>();
  private readonly reopened = new Set<string>();
  private reviewRows = 0;

  constructor(readonly previous: PreviousRun) {}

  noteRow(reviews: readonly HitReview[]): void {
    let review = false;
    for (const r of reviews) {
      this.seen.add(r.identity);
      if (r.change === 'new') this.fresh.add(r.identity);
      if (r.change === 'changed') this.changed.add(r.identity);
      if (r.decision === null) this.undecided.add(r.identity);
      if (r.clearedBefore) this.reopened.add(r.identity);
      if (r.change === 'new' || r.change === 'changed' || r.decision === 'needsReview') review = true;
      if (r.byRelay?.sheetSaid) review = true;
    }
    if (review) this.reviewRows++;
  }

  /**
   * Hits the relay's accept list muted in this run: still found, so never "gone", and their
   * decision is the relay's (a colleague's false positive), whatever the previous sheet said.
   */
  noteMuted(identities: readonly string[]): void {
    for (const identity of identities) this.seen.add(identity);
  }

  gone(): PreviousHit[] {
    return [...this.previous.hits.values()].filter((h) => !this.seen.has(h.identity));
  }

  summary(): RescreenSummary {
    const gone = this.gone();
    return {
      newHits: this.fresh.size,
      changedHits: this.changed.size,
      goneHits: gone.length,
      rowsToReview: this.reviewRows,
      undecidedHits: this.undecided.size,
      reopenedClearances: this.reopened.size,
      goneTrueMatches: gone.filter((h) => h.decision === 'trueMatch').length,
      previousSource: this.previous.source,
    };
  }
}
