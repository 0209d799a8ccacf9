import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { Lang } from '../../core/text/i18n';
import { decisionNoteText, type RelayDecisions } from '../../core/answer/relay-decisions';
import { resultsMessages as resultsText } from './results-messages';

/** What the relay's accept list did to this answer (core/answer/relay-decisions.ts): muted is not hidden. */
export function DecisionNotes({ notes, lang }: { notes: RelayDecisions; lang: Lang }) {
  const list = (items: RelayDecisions['muted']) => (
    <ul>
      {items.map((n) => (
        <li key={`${n.registry}|${n.record}`}>{decisionNoteText(n, lang)}</li>
      ))}
    </ul>
  );
  return (
    <>
      {notes.muted.length > 0 && (
        <MessageBar intent="info" layout="multiline" data-testid="muted">
          <MessageBarBody>
            <MessageBarTitle>{resultsText.t(lang, 'muted.title', { count: notes.muted.length })}</MessageBarTitle>
            {resultsText.t(lang, 'muted.body')}
            {list(notes.muted)}
          </MessageBarBody>
        </MessageBar>
      )}
      {notes.changed.length > 0 && (
        <MessageBar intent="warning" layout="multiline" data-testid="changed">
          <MessageBarBody>
            <MessageBarTitle>{resultsText.t(lang, 'changed.title', { count: notes.changed.length })}</MessageBarTitle>
            {resultsText.t(lang, 'changed.body')}
            {list(notes.changed)}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
