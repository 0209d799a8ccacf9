/**
 * What Fluent UI v9 expects from a browser and jsdom lacks. Imported by the task-pane tests
 * (and meant for setupFilesAfterEnv of the "ui" jest project).
 */
import '@testing-library/jest-dom';

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
