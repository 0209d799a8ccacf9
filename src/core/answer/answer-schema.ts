// The answer's zod schemas (./schema) load once a first request is out, not with the code that
// asks. Building them took 6–18 ms of the command line's start, all of it before its first
// request (more on a slow machine), and the functions and the task pane do not need them before
// a first answer either.
import type * as Schema from '../protocol/schema';

export type AnswerSchema = typeof Schema;

let loading: Promise<AnswerSchema> | null = null;
let warming = false;

/** The schemas, loaded on the first call. */
export function answerSchema(): Promise<AnswerSchema> {
  loading ??= import(/* webpackChunkName: "answer-schema" */ '../protocol/schema');
  return loading;
}

/**
 * Loads the schemas after this turn of the event loop, while the first answers are awaited. Not
 * at once: a bulk run sends its first requests in one turn, and building the schemas between
 * them would hold the rest back.
 */
export function warmAnswerSchema(): void {
  if (loading || warming) return;
  warming = true;
  setTimeout(() => void answerSchema(), 0);
}
