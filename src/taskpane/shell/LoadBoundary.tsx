import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Component, type ReactNode } from 'react';
import type { Lang } from '../../core/text/i18n';
import { taskpaneMessages as m } from './messages';

interface LoadBoundaryProps {
  lang: Lang;
  children: ReactNode;
}

/**
 * Around a part of the pane that loads on demand (React.lazy): a chunk that cannot be fetched
 * (the add-in's host unreachable for a moment) says so in place instead of blanking the pane.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: string | null }> {
  override state = { failed: null as string | null };

  static getDerivedStateFromError(error: unknown): { failed: string } {
    return { failed: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    if (this.state.failed === null) return this.props.children;
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{m.t(this.props.lang, 'app.partFailed', { message: this.state.failed })}</MessageBarBody>
      </MessageBar>
    );
  }
}
