// Fluent's MessageBar, a lazy chunk of its own: the pane shows one only for an error or a
// warning, never on its first render (see message-bar.tsx).
export { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
