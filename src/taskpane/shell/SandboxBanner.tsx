import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { Lang } from '../../core/text/i18n';
import { MODE_LABELS } from '../../shared-runtime/connection';
import { taskpaneMessages as m } from './messages';

/** Fictional data must never pass for a real answer: this stands above anything the sandbox produced. */
export function SandboxBanner({ lang }: { lang: Lang }) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="sandbox-banner">
      <MessageBarBody>
        <MessageBarTitle>{MODE_LABELS.sandbox[lang]}</MessageBarTitle>
        {m.t(lang, 'sandbox.body')}
      </MessageBarBody>
    </MessageBar>
  );
}
