import {
  AnswerShapeError,
  envelopeSchema,
  getAnswerSchema,
  okupantItemSchema,
  parseEnvelope,
  parseGetAnswer,
  parsePostAnswer,
  parseRegistryErrorText,
  parseRegistryValue,
  parseServiceDate,
  parseServiceError,
  pepItemSchema,
  postAnswerSchema,
  wantedItemSchema,
} from '../../src/core/protocol/schema';
import { fixtureJson } from '../support/fixtures';

describe('lenient field coercions', () => {
  test.each([
    [87.5, 87.5],
    ['87.5', 87.5],
    [' 100 ', 100],
    ['12,5', 12.5],
    ['-3', -3],
    ['1e3', 1000],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('number field: %j → %j', (input, expected) => {
    const parsed = pepItemSchema.parse({ percent: input });
    expect(parsed.percent).toBe(expected);
  });

  test.each([['abc'], [true], [{}], [[1]], ['1,2,3']])('number field rejects %j', (input) => {
    expect(pepItemSchema.safeParse({ percent: input }).success).toBe(false);
  });

  test.each([
    [true, true],
    [false, false],
    ['true', true],
    ['FALSE', false],
    [' True ', true],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['', undefined],
    [null, undefined],
  ])('boolean field: %j → %j', (input, expected) => {
    expect(okupantItemSchema.parse({ is_good: input }).is_good).toBe(expected);
  });

  test.each([['yes'], [2], [{}], ['так']])('boolean field rejects %j', (input) => {
    expect(okupantItemSchema.safeParse({ is_good: input }).success).toBe(false);
  });

  test.each([
    ['Іваненко', 'Іваненко'],
    [41234567, '41234567'],
    [0, '0'],
    [false, 'false'],
    ['', ''],
    [null, undefined],
  ])('string field: %j → %j', (input, expected) => {
    expect(pepItemSchema.parse({ ipn: input }).ipn).toBe(expected);
  });

  test.each([[{}], [['a']]])('string field rejects %j', (input) => {
    expect(pepItemSchema.safeParse({ ipn: input }).success).toBe(false);
  });

  test('string lists: lone value, numbers, nulls', () => {
    expect(wantedItemSchema.parse({ fotos: 'a.jpg' }).fotos).toEqual(['a.jpg']);
    expect(wantedItemSchema.parse({ fotos: ['a.jpg', 7, null] }).fotos).toEqual(['a.jpg', '7']);
    expect(wantedItemSchema.parse({ fotos: null }).fotos).toBeUndefined();
  });
});

describe('registry values', () => {
  test.each([
    ['9001.Реєстр не входить до оплаченого пакету', 9001, 'Реєстр не входить до оплаченого пакету'],
    ['9000. Немає зв’язку', 9000, 'Немає зв’язку'],
    ['  9003:  Таймаут  ', 9003, 'Таймаут'],
    ['9004', 9004, ''],
    ['9004.Рядок 1\nрядок 2', 9004, 'Рядок 1\nрядок 2'],
    ['Невідома помилка', null, 'Невідома помилка'],
    ['2024 рік', null, '2024 рік'],
    ['', null, ''],
  ])('error text %j → code %p', (text, code, message) => {
    expect(parseRegistryErrorText(text)).toEqual({ code, message });
  });

  test('any registry key takes an error text', () => {
    expect(parseRegistryValue('nonrezedent', '9001.Не оплачено')).toEqual({
      status: 'error',
      error: { code: 9001, message: 'Не оплачено' },
    });
  });

  test('null is absent; an empty list is ok', () => {
    expect(parseRegistryValue('peps', null)).toBeUndefined();
    expect(parseRegistryValue('peps', [])).toEqual({ status: 'ok', items: [] });
  });

  test('null records are skipped without an issue; the raw length is still reported if something else fails', () => {
    expect(parseRegistryValue('zrada', [null, { id: 'Z-1' }])).toEqual({ status: 'ok', items: [{ id: 'Z-1' }] });
    expect(parseRegistryValue('zrada', [null, { id: 'Z-1' }, 3])).toEqual({
      status: 'malformed',
      items: [{ id: 'Z-1' }],
      rawCount: 3,
      issues: ['zrada[2]: expected object, got number'],
    });
  });

  test('several bad fields in one record are all dropped and all reported', () => {
    const outcome = parseRegistryValue('peps', [
      { name: 'Петренко', percent: 'x', active: 'maybe', sources: [{ site: {} }, 'y'], relatedPeps: { idpep: 'n' } },
    ]);
    expect(outcome).toEqual({
      status: 'malformed',
      rawCount: 1,
      items: [
        {
          name: 'Петренко',
          percent: undefined,
          active: undefined,
          sources: [{ site: undefined }],
          relatedPeps: [{ idpep: undefined }],
        },
      ],
      issues: [
        'peps[0].active: expected boolean, got string',
        'peps[0].percent: expected number, got string',
        'peps[0].sources[0].site: expected string, got object',
        'peps[0].sources[1]: expected object, got string',
        'peps[0].relatedPeps[0].idpep: expected number, got string',
      ],
    });
  });

  test('a lone object read as a list of one loses only its bad field, not the whole object', () => {
    const outcome = parseRegistryValue('psanctions', [
      { pid: 'P-1', sanction: { sanctionId: 'NSDC-7', name: 'Ткаченко', list_info: 'oops' }, p_akas: { x: 1 } },
    ]);
    expect(outcome).toEqual({
      status: 'malformed',
      rawCount: 1,
      items: [{ pid: 'P-1', sanction: [{ sanctionId: 'NSDC-7', name: 'Ткаченко', list_info: undefined }], p_akas: [] }],
      issues: [
        'psanctions[0].p_akas[0]: expected string, got object',
        'psanctions[0].sanction[0].list_info: expected object, got string',
      ],
    });
  });
});

describe('envelope shape', () => {
  test.each([
    [null, 'expected an envelope object, got null'],
    ['<html>', 'expected an envelope object, got string'],
    [42, 'expected an envelope object, got number'],
    [{}, 'no envelope fields (result, idrequest, dateResponse ...)'],
    [{ error: 11, message: 'quota' }, 'no envelope fields (result, idrequest, dateResponse ...)'],
  ])('parseEnvelope(%j) throws AnswerShapeError', (raw, detail) => {
    expect(() => parseEnvelope(raw)).toThrow(AnswerShapeError);
    try {
      parseEnvelope(raw);
    } catch (error) {
      expect((error as AnswerShapeError).detail).toBe(detail);
      expect((error as AnswerShapeError).text.uk).toContain('Сервіс надіслав відповідь неочікуваної форми');
      expect((error as AnswerShapeError).text.en).toContain(detail);
    }
  });

  test('GET: arrays of envelopes; a lone envelope is accepted; empty or scalar is not', () => {
    expect(parseGetAnswer([{ idrequest: 'a' }, { idrequest: 'b' }]).map((e) => e.header.idrequest)).toEqual(['a', 'b']);
    expect(parseGetAnswer({ idrequest: 'a' })[0].header.idrequest).toBe('a');
    expect(() => parseGetAnswer([])).toThrow('the array holds no envelope');
    expect(() => parseGetAnswer('x')).toThrow(AnswerShapeError);
    expect(() => parseGetAnswer([{ idrequest: 'a' }, 5])).toThrow('[1]: expected an envelope object, got number');
  });

  test('POST: one envelope; an array is read as its first, with a problem when there are more', () => {
    expect(parsePostAnswer([{ idrequest: 'a' }]).problems).toEqual([]);
    const two = parsePostAnswer([{ idrequest: 'a' }, { idrequest: 'b' }]);
    expect(two.header.idrequest).toBe('a');
    expect(two.problems).toEqual(['answer held 2 envelopes; only the first was read']);
    expect(() => parsePostAnswer([])).toThrow(AnswerShapeError);
    expect(() => parsePostAnswer(true)).toThrow(AnswerShapeError);
  });

  test('a result that is not an object is a problem, the header still reads', () => {
    const envelope = parseEnvelope({ idrequest: 'a', result: 'Помилка' });
    expect(envelope.registries).toEqual({});
    expect(envelope.problems).toEqual(['result: expected object, got string']);
    expect(envelope.header.idrequest).toBe('a');
  });

  test('a header value that is not text-like goes to extraHeader with a problem; null is absent', () => {
    const envelope = parseEnvelope({ idrequest: { id: 1 }, idinternal: null, listdata: true, result: null });
    expect(envelope.header).toEqual({ listdata: 'true' });
    expect(envelope.extraHeader).toEqual({ idrequest: { id: 1 } });
    expect(envelope.problems).toEqual(['idrequest: expected string, got object']);
  });

  test('keys named __proto__ are stored, never used as prototypes', () => {
    const raw = JSON.parse(
      '{"idrequest":"a","__proto__":{"polluted":1},"result":{"__proto__":{"x":1},"peps":[]}}',
    ) as unknown;
    const envelope = parseEnvelope(raw);
    expect(Object.getPrototypeOf(envelope.extraHeader)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(envelope.unknownResultKeys)).toBe(Object.prototype);
    expect(Object.keys(envelope.extraHeader)).toEqual(['__proto__']);
    expect(Object.keys(envelope.unknownResultKeys)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('the lenient readers as zod schemas', () => {
    expect(envelopeSchema.parse({ idrequest: 'a' }).header.idrequest).toBe('a');
    expect(postAnswerSchema.parse(fixtureJson('post-lostdocs-hit.json')).registries.lostdocs?.status).toBe('ok');
    expect(getAnswerSchema.parse(fixtureJson('get-nothing-found.json'))).toHaveLength(1);
    const failed = getAnswerSchema.safeParse([]);
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0].message).toBe('the array holds no envelope');
  });
});

describe('parseServiceError', () => {
  test.each([
    ['error-4xx-quota.json', { error: 11, message: 'Вичерпано ліміт запитів. Зверніться до адміністратора сервісу' }],
    ['error-4xx-ip.json', { error: 2, message: 'IP-адреса 203.0.113.17 відсутня у списку дозволених' }],
    ['error-4xx-string-code.json', { error: 105, message: 'Некоректне значення lowranklimit' }],
  ])('%s', (name, expected) => {
    expect(parseServiceError(fixtureJson(name))).toEqual(expected);
  });

  test.each([
    [{ message: 'Доступ заборонено' }, { error: null, message: 'Доступ заборонено' }],
    [{ error: 'Unauthorized' }, { error: null, message: 'Unauthorized' }],
    [
      { error: 9, message: null },
      { error: 9, message: '' },
    ],
  ])('lenient: %j', (raw, expected) => {
    expect(parseServiceError(raw)).toEqual(expected);
  });

  test.each([
    [null],
    ['error'],
    [[{ error: 1, message: 'x' }]],
    [{ idrequest: 'a', result: {} }],
    [{ result: {}, error: 1 }],
    [{ foo: 1 }],
  ])('not an error body: %j', (raw) => {
    expect(parseServiceError(raw)).toBeNull();
  });

  test('documented envelopes are never read as error bodies', () => {
    expect(parseServiceError(fixtureJson('post-all-registries.json'))).toBeNull();
    expect(parseServiceError(fixtureJson('get-all-registries.json'))).toBeNull();
  });
});

describe('parseServiceDate', () => {
  test('documented format is wall-clock time', () => {
    const date = parseServiceDate('2024-03-15 10:22:33');
    expect([
      date?.getFullYear(),
      date?.getMonth(),
      date?.getDate(),
      date?.getHours(),
      date?.getMinutes(),
      date?.getSeconds(),
    ]).toEqual([2024, 2, 15, 10, 22, 33]);
    expect(date?.getMilliseconds()).toBe(0);
  });

  test.each([
    ['2024-03-15T10:22:33.123', 123],
    ['2024-03-15 10:22:33.5', 500],
    ['2024-03-15T10:22:33.123456', 123],
  ])('ISO-like %s keeps milliseconds', (text, ms) => {
    const date = parseServiceDate(text);
    expect(date?.getHours()).toBe(10);
    expect(date?.getSeconds()).toBe(33);
    expect(date?.getMilliseconds()).toBe(ms);
  });

  test('a zone, when given, is honoured', () => {
    expect(parseServiceDate('2024-03-15T10:22:33.123Z')?.toISOString()).toBe('2024-03-15T10:22:33.123Z');
    expect(parseServiceDate('2024-03-15T10:22:33+02:00')?.toISOString()).toBe('2024-03-15T08:22:33.000Z');
    expect(parseServiceDate('2024-03-15T10:22:33-0130')?.toISOString()).toBe('2024-03-15T11:52:33.000Z');
  });

  test('date only and minutes only', () => {
    expect(parseServiceDate('2024-03-15')?.getDate()).toBe(15);
    expect(parseServiceDate('2024-03-15 10:22')?.getMinutes()).toBe(22);
  });

  test.each([
    [undefined],
    [''],
    ['15.03.2024 10:22:33'],
    ['2024-02-30 10:00:00'],
    ['2023-02-29'],
    ['2024-13-01'],
    ['2024-03-15 24:00:00'],
    ['2024-03-15 10:60:00'],
    ['yesterday'],
  ])('%j is not a date', (text) => {
    expect(parseServiceDate(text)).toBeUndefined();
  });

  test('leap day exists in leap years', () => {
    expect(parseServiceDate('2024-02-29 00:00:00')?.getDate()).toBe(29);
  });
});
