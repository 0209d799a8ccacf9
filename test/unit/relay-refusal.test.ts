import {
  AccountError,
  CancelledError,
  RequestRejectedError,
  ServiceUnreachableError,
  errorFromServiceBody,
} from '../../src/core/protocol/errors';
import { fromBothLanguages } from '../../src/core/text/both-languages';
import { bilingual, relayMessages, type RelayMessageKey } from '../../src/relay/messages';
import { BudgetSpent, RELAY_ERRORS, Refusal, refusalFor } from '../../src/relay/refusal';

/**
 * What an analyst's /api request answers when it fails: the interface's {error, message} with a
 * status the add-in words precisely, and nothing of the failure's insides.
 */

const shape = (r: Refusal) => ({ status: r.status, code: r.code, text: r.text, reason: r.reason });

describe('refusalFor', () => {
  it("passes on the service's rejection of a query with its own code and words, as a 4xx", () => {
    expect(shape(refusalFor(new RequestRejectedError(400, 104, 'Невірний listdata'), 60_000))).toEqual({
      status: 400,
      code: 104,
      text: 'Невірний listdata',
      reason: 'other',
    });
    // No code in the service's body: the relay's "bad request"; a status outside 4xx is not passed on as one.
    const odd = refusalFor(new RequestRejectedError(302, null, 'HTTP 302'), 60_000);
    expect([odd.status, odd.code]).toEqual([400, RELAY_ERRORS.badRequest]);
  });

  it("answers an account error with the service's code, its meaning and how long the relay now waits, in both languages", () => {
    const refusal = refusalFor(new AccountError(2, 403, 'IP not allowed'), 90_000);
    expect([refusal.status, refusal.code, refusal.reason]).toEqual([403, 2, 'account']);
    const [uk, en] = refusal.text.split(' / ');
    expect(en).toContain(new AccountError(2, 403, '').text.en);
    expect(en).toContain('90');
    expect(uk).toContain(new AccountError(2, 403, '').text.uk);
    expect(uk).toContain('90');
    expect(refusal.text).not.toMatch(/\{(code|reason|seconds)\}/);
  });

  it('tells the spent budget, an unreachable service and a database that is down apart', () => {
    expect(shape(refusalFor(new BudgetSpent(), 0))).toMatchObject({
      status: 403,
      code: RELAY_ERRORS.budget,
      text: bilingual('budget.spent'),
      reason: 'budget',
    });
    for (const error of [new ServiceUnreachableError([]), new CancelledError()]) {
      expect(shape(refusalFor(error, 0))).toMatchObject({ status: 503, code: 503, reason: 'upstream-down' });
    }
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    for (const error of [refused, shutdown]) {
      const refusal = refusalFor(error, 0);
      expect([refusal.status, refusal.code, refusal.headers]).toEqual([
        503,
        RELAY_ERRORS.storeDown,
        { 'Retry-After': '5' },
      ]);
    }
  });

  it('answers anything else as an internal error that quotes nothing of it', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'tokken')");
    const refusal = refusalFor(bug, 0);
    expect([refusal.status, refusal.code, refusal.text]).toEqual([500, 500, bilingual('internal')]);
    expect(refusal.text).not.toContain('tokken');
    expect(refusalFor('a thrown string', 0).status).toBe(500);
  });

  it('keeps a refusal decided earlier as it is', () => {
    const limited = Refusal.rateLimited(7);
    expect(refusalFor(limited, 0)).toBe(limited);
    expect(limited.headers).toEqual({ 'Retry-After': '7' });
    expect(limited.reason).toBe('rate-limited');
  });
});

describe('Refusal.reason', () => {
  it('names what the connection test shows for each refusal', () => {
    expect(Refusal.of(401, RELAY_ERRORS.badKey, 'key.revoked').reason).toBe('bad-key');
    expect(Refusal.of(403, RELAY_ERRORS.revokedKey, 'key.revoked').reason).toBe('revoked-key');
    // Code 9 from the service (its user blocked) is an account refusal, not the analyst's key.
    expect(new Refusal(403, 9, 'Користувача заблоковано').reason).toBe('account');
    expect(Refusal.of(403, RELAY_ERRORS.forbidden, 'internal').reason).toBe('read-only');
    expect(Refusal.of(503, RELAY_ERRORS.storeDown, 'store.down').reason).toBe('store-down');
    expect(Refusal.of(503, RELAY_ERRORS.upstreamDown, 'upstream.down').reason).toBe('upstream-down');
    // Code 11 from the service (its quota) is the account's, not the relay's own budget.
    expect(refusalFor(new AccountError(11, 403, 'Ліміт'), 60_000).reason).toBe('account');
    expect(Refusal.invalidQuery([]).reason).toBe('other');
  });

  it('words a refused query field by field, Ukrainian first', () => {
    const refusal = Refusal.invalidQuery([
      { field: 'date', code: 'field.date.impossible', message: { uk: 'Такої дати немає.', en: 'No such date.' } },
      { field: 'ipn', code: 'field.ipn.format', message: { uk: 'Не той формат.', en: 'Wrong format.' } },
    ]);
    expect([refusal.status, refusal.code]).toEqual([400, RELAY_ERRORS.badRequest]);
    expect(refusal.text).toBe('date: Такої дати немає. ipn: Не той формат. / date: No such date. ipn: Wrong format.');
  });
});

describe("the client's reading of a relay refusal", () => {
  it('takes each of the relay’s lines apart into the two languages it was made of', () => {
    for (const key of Object.keys(relayMessages.en) as RelayMessageKey[]) {
      const params = Object.fromEntries([...relayMessages.en[key].matchAll(/\{(\w+)\}/g)].map((m) => [m[1], '7']));
      const text = relayMessages.text(key, params);
      // A line the same in both (a version an operator reads) is not one the relay sends in two.
      if (text.uk !== text.en) expect(fromBothLanguages(bilingual(key, params))).toEqual(text);
    }
    // A slash inside the Ukrainian half stays there.
    expect(fromBothLanguages('Код / номер не той / The code is wrong')).toEqual({
      uk: 'Код / номер не той',
      en: 'The code is wrong',
    });
    // The service's own lines are in one language: not taken apart.
    expect(fromBothLanguages('Користувача не знайдено / заблоковано')).toBeNull();
    expect(fromBothLanguages('User not found / blocked')).toBeNull();
  });

  it("through the relay, its refusal of a key stops everything in its own words; from the service, code 403 is one request's", () => {
    const readOnly = errorFromServiceBody(403, 403, bilingual('role.noSearch'), {
      said: fromBothLanguages(bilingual('role.noSearch')),
    });
    expect(readOnly).toBeInstanceOf(AccountError);
    expect(readOnly.text).toEqual(relayMessages.text('role.noSearch'));
    const unknown = errorFromServiceBody(401, 1, bilingual('key.unknown'), {
      said: fromBothLanguages(bilingual('key.unknown')),
    });
    expect(unknown.text.en).toBe('Unknown analyst key: check the key your administrator gave you.');
    expect(errorFromServiceBody(403, 403, 'Заборонено')).toBeInstanceOf(RequestRejectedError);
    // The service's code 1 without the relay: the catalogue's words, which name the tokken and IDsubjectFM.
    expect(errorFromServiceBody(403, 1, 'Користувача не знайдено').text.en).toContain('IDsubjectFM');
    // A relay passing on a service message in one language: the catalogue's words for its code.
    expect(
      errorFromServiceBody(403, 2, 'IP не дозволено', { said: fromBothLanguages('IP не дозволено') }).text.en,
    ).toContain('allow-list');
  });
});
