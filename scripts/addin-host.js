// Where the add-in is served from. manifest.xml is written for the development host; a build
// for another host rewrites every address in it. Shared by webpack.config.js and the tests.
'use strict';

const DEV_HOST = 'https://localhost:3000';

/** The host from ADDIN_HOST (https, no query or fragment, trailing slash dropped), else DEV_HOST. */
function addinHost(value = process.env.ADDIN_HOST) {
  const configured = (value || '').trim().replace(/\/+$/, '');
  if (!configured) return DEV_HOST;
  if (!/^https:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(configured)) {
    throw new Error(`ADDIN_HOST must be an https:// address without query or fragment; got "${configured}"`);
  }
  return configured;
}

/** manifest.xml with every development address moved to `host`. */
function retargetManifest(xml, host) {
  return host === DEV_HOST ? xml : xml.split(DEV_HOST).join(host);
}

module.exports = { DEV_HOST, addinHost, retargetManifest };
