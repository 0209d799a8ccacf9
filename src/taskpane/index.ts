/**
 * The task pane's entry on the shared runtime page. Excel loads this page to evaluate
 * =CHECKLISTS.* even with the pane closed, so the entry holds nothing but this: React, Fluent
 * and the pane load in a chunk of their own after the functions and the ribbon commands have
 * registered (webpack.config.js; `npm run build:check` holds both budgets).
 */
import(/* webpackChunkName: "pane" */ './shell/mount')
  .then((m) => m.mountTaskpane())
  .catch((error: unknown) => {
    // Nothing of the pane is there to show it: the page's console is where a developer looks.
    console.error('CheckLists: the task pane could not load', error);
  });

export {};
