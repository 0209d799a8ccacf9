// zod 4's schemas carry its JSON Schema export (json-schema-processors.js, to-json-schema.js:
// ~6 KB gzipped on the page before the functions are ready), reached only through
// .toJSONSchema(), the Standard Schema jsonSchema methods and the string introspection getters
// (.format, .minLength, .maxLength). The add-in calls none of them: it only parses. This loader
// keeps each module's export names and makes every one a function that says so if ever called
// (factories named create* return such a function, since zod calls them while building a schema).
// The message is kept short: each stubbed module carries it into the first render (npm run build:check).
module.exports = function zodJsonSchemaStub(source) {
  const names = new Set();
  for (const m of source.matchAll(/^export\s+(?:const|function|let|var)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const alias = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (alias) names.add(alias.trim());
    }
  }
  const lines = [
    'function unavailable() {',
    "  throw new Error('stubbed out: scripts/zod-json-schema-stub-loader.js');",
    '}',
  ];
  for (const name of names) {
    lines.push(`export const ${name} = ${name.startsWith('create') ? '() => unavailable' : 'unavailable'};`);
  }
  return lines.join('\n');
};
