// @fluentui/react-icons for jest: the same exports, each chunk of icons loaded when one of its icons
// is first read. The package's entry requires all 60 chunks of its thousands of icons (19 MB) up
// front, which took about 0.45 s in every test file that renders a Fluent component (jest keeps a
// module registry per file), though the pane draws a dozen icons. Each chunk opens by declaring
// its names (`exports.A = exports.B = … = void 0;`), so this module reads those lines alone and
// defines a getter per name, requiring the chunk on first use: the icons are the very same objects.
// The entry's other exports (wrapIcon, bundleIcon, …) are read from it as fluent-on-demand.cjs
// reads @fluentui/react-components. A release that changes either shape fails here, loudly.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..', 'node_modules', '@fluentui', 'react-icons', 'lib-cjs');
const entry = path.join(root, 'index.cjs');
const source = fs.readFileSync(entry, 'utf8');
const fail = (why) => {
  throw new Error(
    `test/support/fluent-icons-on-demand.cjs no longer understands ${entry} (${why}); map it out of jest.config.js`,
  );
};

// Reads a file's head until the declarations end: about 26 KB in a chunk of icons, 75 KB in one of
// sized icons (2.0.3xx).
const DECLARATION = /^exports\.\w+(?: = exports\.\w+)* = void 0;$/;
let buffer = Buffer.allocUnsafe(128 * 1024);
function declaredNames(file) {
  const fd = fs.openSync(file, 'r');
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      const lines = buffer.toString('utf8', 0, read).split('\n');
      const first = lines.findIndex((line) => DECLARATION.test(line));
      let last = first;
      while (last >= 0 && last + 1 < lines.length && DECLARATION.test(lines[last + 1])) last += 1;
      // The head's last line may be cut short, so it cannot end the declarations.
      const whole = read < buffer.length || last + 1 < lines.length - 1;
      if (whole) {
        if (first < 0) fail(`no declaration in ${file}`);
        return lines.slice(first, last + 1).flatMap((line) => [...line.matchAll(/exports\.(\w+)/g)].map((m) => m[1]));
      }
      buffer = Buffer.allocUnsafe(buffer.length * 2);
    }
  } finally {
    fs.closeSync(fd);
  }
}

Object.defineProperty(exports, '__esModule', { value: true });
const loaded = new Map();
const load = (request) => {
  if (!loaded.has(request)) loaded.set(request, require(path.join(root, request)));
  return loaded.get(request);
};
const define = (name, get) => {
  if (!Object.prototype.hasOwnProperty.call(exports, name)) {
    Object.defineProperty(exports, name, { enumerable: true, get });
  }
};

const starred = [...source.matchAll(/__exportStar\(require\("\.\/([^"]+)"\), exports\);/g)].map((match) => match[1]);
if (starred.length < 40) fail(`${starred.length} star exports`);
for (const request of starred) {
  for (const name of declaredNames(path.join(root, request))) define(name, () => load(request)[name]);
}

const variables = new Map();
for (const [, variable, request] of source.matchAll(/var (\w+) = require\("\.\/([^"]+)"\);/g)) {
  variables.set(variable, request);
}
const named = [
  ...source.matchAll(
    /defineProperty\(exports, "(\w+)", \{ enumerable: true, get: function \(\) \{ return (\w+)\.(\w+); \} \}\)/g,
  ),
];
if (named.length < 3 || named.some(([, , variable]) => !variables.has(variable))) fail('its named exports');
for (const [, exported, variable, name] of named) define(exported, () => load(variables.get(variable))[name]);
