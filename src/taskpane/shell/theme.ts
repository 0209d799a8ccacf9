import { webLightTheme, type Theme } from '@fluentui/react-components';
import type { HostTheme } from './services';

export type ThemeKind = 'light' | 'dark' | 'high-contrast';

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of "#rrggbb" / "#rgb"; null for anything else. */
export function luminance(color: string | undefined): number | null {
  if (!color) return null;
  let hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = hex.replace(/./g, (d) => d + d);
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 2) + 0.0722 * channel(hex, 4);
}

/**
 * Office reports its theme as colours; isDarkTheme exists only on newer hosts. Windows high
 * contrast shows up as forced colours, or as pure black or white behind pure white or black text
 * (the Office themes "Black" and "White" use softer greys).
 */
export function themeKindFor(theme: HostTheme | null, forcedColors: boolean): ThemeKind {
  if (forcedColors) return 'high-contrast';
  if (!theme) return 'light';
  const bg = luminance(theme.bodyBackgroundColor);
  const fg = luminance(theme.bodyForegroundColor);
  if (bg !== null && fg !== null) {
    const contrast = (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
    if (contrast >= 20.5 && bg < 0.01) return 'high-contrast';
  }
  if (typeof theme.isDarkTheme === 'boolean') return theme.isDarkTheme ? 'dark' : 'light';
  return bg !== null && bg < 0.2 ? 'dark' : 'light';
}

/**
 * The light theme comes with the pane; the dark and high-contrast ones (most of Fluent's token
 * tables) load on demand. mount.tsx loads the host's theme before the first render, so a dark
 * Office never flashes light; until a later switch's load answers, the light theme stands in.
 */
const themes: Partial<Record<ThemeKind, Theme>> = { light: webLightTheme };

export function fluentTheme(kind: ThemeKind): Theme {
  return themes[kind] ?? webLightTheme;
}

export function isThemeLoaded(kind: ThemeKind): boolean {
  return themes[kind] !== undefined;
}

export async function loadFluentTheme(kind: ThemeKind): Promise<Theme> {
  if (!themes[kind]) {
    const more = await import(/* webpackChunkName: "themes" */ './themes-more');
    themes.dark = more.webDarkTheme;
    themes['high-contrast'] = more.teamsHighContrastTheme;
  }
  return fluentTheme(kind);
}
