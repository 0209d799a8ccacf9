// Builds a localized functions.json from the generated English one and a resource file of
// translated descriptions (src/functions/metadata.<locale>.json). custom-functions-metadata
// generates one language only, and Excel picks a metadata file per locale through the
// manifest's <bt:Override Locale=...> on Functions.Metadata.Url, so the build writes both.
// CommonJS and dependency-free: webpack.config.js requires it, and so does the unit test.
'use strict';

/**
 * @param {{ functions: Array<{ id: string, description?: string, parameters: Array<{ name: string, description?: string }> }> }} metadata
 * @param {{ parameterNames: Record<string, string>, functions: Record<string, { name?: string, description: string, parameters: Record<string, string> }> }} localized
 */
function localizeFunctionsMetadata(metadata, localized) {
  const problems = [];
  const texts = localized.functions;
  const parameterNames = localized.parameterNames || {};
  const ids = new Set(metadata.functions.map((f) => f.id));
  for (const id of Object.keys(texts)) if (!ids.has(id)) problems.push(`translation for unknown function ${id}`);
  const functions = metadata.functions.map((fn) => {
    const t = texts[fn.id];
    if (!t) {
      problems.push(`no translation for function ${fn.id}`);
      return fn;
    }
    if (!t.description) problems.push(`no translated description for ${fn.id}`);
    const names = new Set(fn.parameters.map((p) => p.name));
    for (const p of Object.keys(t.parameters || {})) {
      if (!names.has(p)) problems.push(`translation for unknown parameter ${fn.id}.${p}`);
    }
    const parameters = fn.parameters.map((p) => {
      const d = t.parameters && t.parameters[p.name];
      if (!d) problems.push(`no translated description for ${fn.id}.${p.name}`);
      // Excel shows parameter names in the formula tooltip: a Ukrainian Excel reads "ПІБ", not "name".
      // They are labels only; a formula stores its arguments by position.
      const shownName = parameterNames[p.name];
      if (!shownName) problems.push(`no translated name for parameter ${p.name}`);
      return { ...p, ...(d ? { description: d } : {}), ...(shownName ? { name: shownName } : {}) };
    });
    // The id never changes (Excel stores formulas by id); the name stays as well, so a workbook
    // reads the same in every language.
    return { ...fn, ...(t.name ? { name: t.name } : {}), description: t.description || fn.description, parameters };
  });
  return { metadata: { ...metadata, functions }, problems };
}

module.exports = { localizeFunctionsMetadata };
