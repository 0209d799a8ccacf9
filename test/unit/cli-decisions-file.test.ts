import { decisionsFromFile } from '../../src/cli/commands/decisions-import';

/** `screen --decisions FILE`: a refusal names the line a person opens the file at. */

it('a CSV export: each decision named by the line it starts on, past multi-line comments and blank lines; approvals are not imported', () => {
  const csv =
    '\uFEFFid,kind,subject,registry,comment\n' +
    '1,decision,"{""name"":""A""}",peps,"two\nlines"\n' +
    '\n' +
    '2,approval,,peps,\n' +
    '3,decision,"{""name"":""B""}",edr,\'=1+1\n';
  expect(decisionsFromFile(csv)).toEqual([
    { line: 2, decision: { subject: { name: 'A' }, registry: 'peps', comment: 'two\nlines' } },
    // The export's protection of a formula-like cell is taken off again.
    { line: 6, decision: { subject: { name: 'B' }, registry: 'edr', comment: '=1+1' } },
  ]);
});

it('a JSON-lines export: line numbers from 1 (no header line), blank lines skipped rather than sent as empty decisions', () => {
  const lines = '{"kind":"decision","registry":"peps"}\n\n{"kind":"decision","registry":"edr"}\r\n\n';
  expect(decisionsFromFile(lines)).toEqual([
    { line: 1, decision: { subject: undefined, registry: 'peps' } },
    { line: 3, decision: { subject: undefined, registry: 'edr' } },
  ]);
});

it('an export opened and saved again in Excel: separated by semicolons, a Cyrillic comment intact', () => {
  const csv =
    'id;kind;subject;registry;decision;comment\r\n1;decision;"{""name"":""Іваненко Іван""}";peps;false-positive;Інша дата народження\r\n';
  expect(decisionsFromFile(csv)).toEqual([
    {
      line: 2,
      decision: {
        subject: { name: 'Іваненко Іван' },
        registry: 'peps',
        decision: 'false-positive',
        comment: 'Інша дата народження',
      },
    },
  ]);
});
