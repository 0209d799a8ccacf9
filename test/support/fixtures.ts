import fs from 'node:fs';
import path from 'node:path';

/** Real answers of the service (documented examples and captured quirks), one JSON file each. */
export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'answers');

/** The one way tests read a fixture: by file name under test/fixtures/answers. */
export function fixtureText(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

/** A fixture parsed; the type parameter names the shape a test expects (an answer object unless told). */
export function fixtureJson<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}
