/**
 * What Fluent UI v9 expects from a browser and jsdom lacks. Imported by the task-pane tests
 * (and meant for setupFilesAfterEnv of the "ui" jest project).
 */
import '@testing-library/jest-dom';
import * as React from 'react';

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    });
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', {
      configurable: true,
      writable: true,
      value: ResizeObserverStub,
    });
  }

  // Fluent's motion components animate through the Web Animations API.
  if (typeof Element !== 'undefined' && !Element.prototype.animate) {
    Element.prototype.animate = function animate(): Animation {
      const animation = {
        finished: Promise.resolve(),
        cancel: () => undefined,
        finish: () => undefined,
        pause: () => undefined,
        play: () => undefined,
        persist: () => undefined,
        commitStyles: () => undefined,
        onfinish: null,
        oncancel: null,
        playState: 'finished',
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
      return animation as unknown as Animation;
    };
  }
}

/**
 * Only the CSS rules a test can observe reach jsdom's style sheets. jsdom matches every rule of
 * every sheet against an element at each getComputedStyle, and Testing Library calls it for each
 * element a role query looks at and each of its ancestors (to skip the hidden ones), as
 * user-event does before each click (pointer-events). Fluent's Griffel inserts about 800 atomic
 * rules for the search panel with an answer, so one `getByRole` took 0.4–0.6 s there and the UI
 * tests spent most of their time matching selectors.
 *
 * What jsdom computes from sheets: `visibility`, `pointer-events` and colours resolved, every
 * other property as declared (jsdom's living/helpers/style-rules.js). What these tests read of it:
 * `display` and `visibility` (Testing Library's inaccessibility check, dom-accessibility-api's
 * spacing between block elements), `opacity` too (jest-dom's toBeVisible) and `pointer-events`
 * (user-event). Colours are checked in a real browser (test/e2e/taskpane.test.ts). So a rule that
 * declares none of those four is dropped: with the search panel's answer, 47 rules of 794 stay,
 * `npm run test:fast` went from 66 s to 52–56 s and taskpane-search.test.tsx from 34 s to 20.5–22 s,
 * every test passing as before.
 */
const OBSERVED_PROPERTY = /(?:^|[{;\s])(?:display|visibility|opacity|pointer-events)\s*:/;
if (typeof window !== 'undefined' && window.CSSStyleSheet) {
  const sheet = window.CSSStyleSheet.prototype;
  const insertRule = sheet.insertRule;
  sheet.insertRule = function observedRulesOnly(this: CSSStyleSheet, rule: string, index?: number): number {
    if (!OBSERVED_PROPERTY.test(rule)) return index ?? this.cssRules.length;
    return insertRule.call(this, rule, index);
  };
}

/**
 * React's development build records where each element was created (an Error with its stack, and a
 * console task) for up to 10,000 elements a second, for the component stacks of its warnings. The
 * pane's answers are thousands of elements a render, so the UI tests spent more time making those
 * stacks (and collecting them as garbage) than checking what renders. Pinned at React's own limit,
 * every element takes the shared "unknown owner" stack that React uses past it: warnings still come,
 * with a shorter stack. (React 19's react-jsx-runtime.development.js, `recentlyCreatedOwnerStacks`.)
 */
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => undefined,
  });
}
