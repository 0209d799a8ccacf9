import type { MessageBarBodyProps, MessageBarProps, MessageBarTitleProps } from '@fluentui/react-components';
import { Suspense } from 'react';
import { messageBar, messageBarBody, messageBarTitle } from './lazy-parts';

/**
 * Fluent's MessageBar, loaded the first time one is shown. The pane's first render has none
 * (errors and warnings come later), so its code stays out of the pane's first chunk; when one is
 * needed it comes from the add-in's own host in a moment, and nothing is shown until then.
 */
export function MessageBar(props: MessageBarProps) {
  return (
    <Suspense fallback={null}>
      <messageBar.Component {...props} />
    </Suspense>
  );
}

export function MessageBarBody(props: MessageBarBodyProps) {
  return <messageBarBody.Component {...props} />;
}

export function MessageBarTitle(props: MessageBarTitleProps) {
  return <messageBarTitle.Component {...props} />;
}
