import {
  AccountError,
  CancelledError,
  InvalidInputError,
  RequestRejectedError,
  ServiceUnreachableError,
  type AttemptReport,
} from '../../src/core/protocol/errors';
import { CheckListsClient } from '../../src/core/request/client';
import type { Transport } from '../../src/core/request/transport';
import type { Lang } from '../../src/core/text/i18n';
import { DEMO_CREDENTIALS, createSandboxEngine, sandboxTransport } from '../../src/sandbox';
import { describeTestFailure, runConnectionTest } from '../../src/taskpane/settings/connection-test';

/**
 * What the settings panel's "Test connection" says for each way a test can fail: the panel shows
 * the title and the details as they are, so these words are what IT reads while setting up.
 */

const attempt = (address: string, outcome: AttemptReport['outcome'], status?: number): AttemptReport => ({
  address,
  outcome,
  ...(status === undefined ? {} : { status }),
  durationMs: 5,
});

describe('describeTestFailure', () => {
  it('names each address tried once in the title and says what each attempt met, in both languages', () => {
    const error = new ServiceUnreachableError([
      attempt('https://primary.example', 'network'),
      attempt('https://primary.example', 'timeout'),
      // An address as a caller should never pass it: the panel still shows only scheme and host.
      attempt('https://reserve.example/api?tokken=s3cret', 'http-5xx', 502),
      attempt('https://reserve.example', 'bad-answer'),
      attempt('https://reserve.example', 'rejected', 400),
    ]);
    const en = describeTestFailure(error, 'en');
    expect(en.kind).toBe('unreachable');
    expect(en.title).toBe('The service is unreachable: no answer from 2 addresses.');
    expect(en.details).toEqual([
      'https://primary.example: no connection',
      'https://primary.example: timed out',
      'https://reserve.example: server error 502',
      'https://reserve.example: not a CheckLists answer',
      'https://reserve.example: rejected 400',
    ]);
    const uk = describeTestFailure(error, 'uk');
    expect(uk.title).toBe('Сервіс недоступний: жодної відповіді з 2 адрес.');

    expect(uk.details[1]).toBe('https://primary.example: час очікування вичерпано');
    expect(JSON.stringify([en, uk])).not.toContain('s3cret');
  });

  it('the error itself: one entry per address, a repeated outcome counted, the count of addresses in words', () => {
    const one = new ServiceUnreachableError([
      attempt('https://127.0.0.1:1', 'network'),
      attempt('https://127.0.0.1:1', 'network'),
    ]);
    expect(one.message).toBe(
      'The CheckLists service could not be reached (1 address tried): https://127.0.0.1:1 — no connection ×2',
    );
    // Said in words, in the reader's language, not as the attempt's outcome code ("network").
    expect(one.text.uk).toBe(
      'Сервіс CheckLists недоступний (спробувано 1 адресу): https://127.0.0.1:1 — немає з’єднання ×2',
    );
    const two = new ServiceUnreachableError([
      attempt('https://primary.example', 'network'),
      attempt('https://reserve.example', 'http-5xx', 502),
      attempt('https://primary.example', 'timeout'),
      attempt('https://primary.example', 'timeout'),
      attempt('https://reserve.example', 'http-5xx', 503),
    ]);
    expect(two.message).toBe(
      'The CheckLists service could not be reached (2 addresses tried): https://primary.example — no connection, no answer in time ×2; https://reserve.example — HTTP 502, HTTP 503',
    );
  });

  it.each<[number, string, string]>([
    [2, 'ip', 'This computer’s IP address is not allowed by the service.'],
    [1, 'credentials', 'The credentials are wrong: token or IDsubjectFM.'],
    [11, 'quota', 'The request quota is used up.'],
    [8, 'account', 'The service refused the account (code 8).'],
  ])('an account error with code %i is told as %s, with the service’s own words after ours', (code, kind, title) => {
    const outcome = describeTestFailure(new AccountError(code, 403, 'Службове пояснення'), 'en');
    expect(outcome.kind).toBe(kind);
    expect(outcome.title).toBe(title);
    expect(outcome.details).toHaveLength(2);
    expect(outcome.details[1]).toBe(`The service said (code ${code}): Службове пояснення`);
  });

  it('leaves out "the service said" when the service said nothing', () => {
    const outcome = describeTestFailure(new AccountError(9, 403, ''), 'uk');
    expect(outcome).toEqual({
      kind: 'account',
      title: 'Сервіс відмовив обліковому запису (код 9).',
      details: [new AccountError(9, 403, '').text.uk],
    });
  });

  it.each<Lang>(['en', 'uk'])('tells a rejected request, bad settings and anything else apart (%s)', (lang) => {
    const rejected = new RequestRejectedError(400, 104, 'bad listdata');
    expect(describeTestFailure(rejected, lang)).toMatchObject({ kind: 'rejected', details: [rejected.text[lang]] });

    const invalid = new InvalidInputError([
      { field: 'name', code: 'field.name.tooLong', message: { uk: 'Задовге.', en: 'Too long.' } },
    ]);
    expect(describeTestFailure(invalid, lang)).toMatchObject({
      kind: 'invalid',
      details: [lang === 'uk' ? 'Задовге.' : 'Too long.'],
    });

    const cancelled = new CancelledError();
    expect(describeTestFailure(cancelled, lang)).toEqual({ kind: 'other', title: cancelled.text[lang], details: [] });

    const other = describeTestFailure(new TypeError('fetch is not a function'), lang);
    expect(other.kind).toBe('other');
    expect(other.title).toBe(lang === 'uk' ? 'Перевірка не вдалася.' : 'The test failed.');
    expect(other.details).toEqual(['fetch is not a function']);
    expect(describeTestFailure('a thrown string', lang).details).toEqual(['a thrown string']);
  });
});

describe('runConnectionTest', () => {
  it('says who answered, the request id, and each address that failed before it', async () => {
    const sandbox = sandboxTransport(createSandboxEngine());
    // The primary refuses the connection; the reserve is the sandbox.
    const transport: Transport = {
      send: (request) =>
        request.url.startsWith('https://primary.example')
          ? Promise.reject(new TypeError('fetch failed'))
          : sandbox.send(request),
    };
    const client = new CheckListsClient({
      addresses: ['https://primary.example', 'https://reserve.example'],
      credentials: DEMO_CREDENTIALS,
      transport,
      retries: 0,
      backoffMs: 1,
    });
    const outcome = await runConnectionTest(client, 'uk');
    expect(outcome.kind).toBe('ok');
    expect(outcome.title).toBe('З’єднання працює.');
    expect(outcome.details[0]).toMatch(/^Відповіла адреса https:\/\/reserve\.example за \d+ мс\.$/);
    expect(outcome.details[1]).toMatch(/^Ідентифікатор запиту: \d+\.$/);
    expect(outcome.details.slice(2)).toEqual(['https://primary.example: немає з’єднання']);
    expect(JSON.stringify(outcome)).not.toContain(DEMO_CREDENTIALS.tokken);
  });

  it('never throws: a client that fails is an outcome to show', async () => {
    const client = {
      search: () => Promise.reject(new AccountError(1, 401, 'User not found')),
    };
    await expect(runConnectionTest(client, 'en')).resolves.toMatchObject({ kind: 'credentials' });
  });
});
