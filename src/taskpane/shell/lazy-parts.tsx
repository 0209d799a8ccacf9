import { lazy, type ComponentType, type JSX } from 'react';

/**
 * The parts of the pane that load on demand, each a chunk of its own in the add-in's build
 * (webpack.config.js; budgets in scripts/build-check.mjs). The first render needs none of them.
 * A part suspends (React.lazy) only until its module has arrived; from then on, and after
 * preload(), it renders at once like any component.
 */
interface Part<P> {
  Component: ComponentType<P>;
  preload(): Promise<void>;
}

function definePart<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): Part<P> {
  let ready: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchPart = () => {
    pending ??= load().then((module) => {
      ready = pick(module);
      return ready;
    });
    return pending;
  };
  const Lazy = lazy(() => fetchPart().then((component) => ({ default: component })));
  function Component(props: P) {
    const Shown = ready ?? Lazy;
    return <Shown {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  return { Component, preload: () => fetchPart().then(() => undefined) };
}

const loadResults = () => import(/* webpackChunkName: "results" */ '../results/ResultsView');

export const resultsView = definePart(loadResults, (m) => m.ResultsView);
export const bulkPanel = definePart(
  () => import(/* webpackChunkName: "bulk" */ '../bulk/BulkPanel'),
  (m) => m.BulkPanel,
);
export const settingsPanel = definePart(
  () => import(/* webpackChunkName: "settings" */ '../settings/SettingsPanel'),
  (m) => m.SettingsPanel,
);

/** The worksheet functions' headings: with the results (a search's answer loads them anyway). */
export const functionHeadings = definePart(
  () => import(/* webpackChunkName: "results" */ '../search/FunctionHeadings'),
  (m) => m.FunctionHeadings,
);

/** Every part at once: for tests, which should not wait for a module graph inside a timeout. */
export function loadAllParts(): Promise<unknown> {
  return Promise.all([resultsView, bulkPanel, settingsPanel, functionHeadings].map((part) => part.preload()));
}
