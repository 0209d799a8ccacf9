// Fluent's dark and high-contrast themes, a lazy chunk of their own (see theme.ts).
export { teamsHighContrastTheme, webDarkTheme } from '@fluentui/react-components';
