/**
 * What Fluent UI v9 expects from a browser and jsdom lacks. Imported by the task-pane tests
 * (and meant for setupFilesAfterEnv of the "ui" jest project).
 */
import '@testing-library/jest-dom';

/**
 * Fluent's components insert a few thousand CSS rules through Griffel, and jsdom parses each one
 * into its CSSOM and walks all of them on every getComputedStyle (user-event calls it for each
 * click and key, toBeVisible for each ancestor). Only the rules that hide something change what a
 * test can observe in jsdom (it does no layout), so the renderer keeps those and drops the rest.
 */
const HIDES = /display:\s*none|visibility:\s*hidden|opacity:\s*0(?![.\d])/;
jest.mock('@griffel/core', () => {
  const actual = jest.requireActual<typeof import('@griffel/core')>('@griffel/core');
  return {
    ...actual,
    createDOMRenderer: (targetDocument?: Document, options: Parameters<typeof actual.createDOMRenderer>[1] = {}) =>
      actual.createDOMRenderer(targetDocument, { ...options, unstable_filterCSSRule: (rule: string) => HIDES.test(rule) }),
  };
});

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
    Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
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
