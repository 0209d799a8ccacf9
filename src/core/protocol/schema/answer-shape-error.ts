import type { LocalizedText } from '../../text/i18n';
import { schemaMessages } from './messages';

/**
 * The body is JSON but not an answer (not an object, not an envelope, an empty GET array).
 * The client reads it as a broken address and tries the next one.
 */
export class AnswerShapeError extends Error {
  readonly text: LocalizedText;

  constructor(readonly detail: string) {
    const text = schemaMessages.text('answer.shape', { detail });
    super(text.en);
    this.name = 'AnswerShapeError';
    this.text = text;
  }
}
