import { MASK, createSecretMask, maskDeep } from '../../src/core/text/secret-mask';

const TOKKEN = 'Zq7-Tokken/Secret+4f1e9b2c';
const mask = createSecretMask([TOKKEN]);

function entities(text: string, hex: boolean): string {
  return Array.from(text, (c) => (hex ? `&#x${c.charCodeAt(0).toString(16)};` : `&#${c.charCodeAt(0)};`)).join('');
}

/** Every form a service, proxy or error page has been seen to echo a credential in. */
const FORMS: [string, string][] = [
  ['exact', TOKKEN],
  ['upper case', TOKKEN.toUpperCase()],
  ['lower case', TOKKEN.toLowerCase()],
  ['URL-encoded', encodeURIComponent(TOKKEN)],
  ['form-encoded', new URLSearchParams({ t: TOKKEN }).toString().slice(2)],
  ['JSON-escaped', JSON.stringify(TOKKEN).slice(1, -1).replace('/', '\\/')],
  ['JSON \\u escapes', Array.from(TOKKEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
  ['base64', Buffer.from(TOKKEN).toString('base64')],
  ['base64url', Buffer.from(TOKKEN).toString('base64url')],
  ['base64 inside a longer value', Buffer.from(`tokken=${TOKKEN}&x=1`).toString('base64')],
  ['truncated prefix', `${TOKKEN.slice(0, 14)}…`],
  ['HTML decimal entities', entities(TOKKEN, false)],
  ['HTML hex entities', entities(TOKKEN, true)],
  ['HTML named entity for a character', TOKKEN.replace('/', '&#47;')],
  ['spaced out', Array.from(TOKKEN).join(' ')],
  ['in groups of four', TOKKEN.match(/.{1,4}/g)!.join(' ')],
  ['reversed', Array.from(TOKKEN).reverse().join('')],
];

describe('createSecretMask', () => {
  it.each(FORMS)('masks the %s form', (_name, form) => {
    const out = mask(`service said: ${form} (end)`);
    expect(out).toContain(MASK);
    expect(out).toMatch(/^service said: /);
    expect(out).toMatch(/\(end\)$/);
    // No run of the secret's first characters survives in any case.
    expect(out.toLowerCase()).not.toContain(TOKKEN.slice(0, 12).toLowerCase());
  });

  it('masks a spaced or reversed echo whole, not only its start', () => {
    for (const form of [Array.from(TOKKEN).join(' '), Array.from(TOKKEN).reverse().join('')]) {
      expect(mask(`service said: ${form} (end)`)).toBe(`service said: ${MASK} (end)`);
    }
  });

  it('leaves ordinary text, short common prefixes and an empty secret alone', () => {
    expect(mask('Кривоклен Северин Богданович, 1967-04-12')).toBe('Кривоклен Северин Богданович, 1967-04-12');
    expect(mask('Zq7-Tok is not it')).toBe('Zq7-Tok is not it');
    expect(createSecretMask([null, '', undefined])('anything Zq7')).toBe('anything Zq7');
  });

  it('masks a short secret where it stands alone, never inside the words of a message', () => {
    // A mistyped one-letter tokken must not turn every "t" of an error into ***.
    const one = createSecretMask(['t']);
    expect(one("Decisions live on the organisation's relay: set CHECKLISTS_URL")).toBe(
      "Decisions live on the organisation's relay: set CHECKLISTS_URL",
    );
    expect(one('tokken=t&x=1 "t" T t')).toBe(`tokken=${MASK}&x=1 "${MASK}" ${MASK} ${MASK}`);
    const demo = createSecretMask(['demo']);
    expect(demo('?tokken=demo, demonstrate, DEMO, %64emo')).toBe(`?tokken=${MASK}, demonstrate, ${MASK}, ${MASK}`);
    // Its base64 form is long enough to be matched anywhere, as for a long secret.
    const eleven = createSecretMask(['demo-tokken']);
    expect(eleven(`Basic ${Buffer.from('demo-tokken').toString('base64')}`)).toContain(MASK);
    expect(eleven('d e m o - t o k k e n')).toBe(MASK);
  });

  it('masks every string inside a parsed answer, keys included', () => {
    const answer = { peps: [{ name: `Echo ${TOKKEN.toUpperCase()}`, n: 3 }], [TOKKEN]: true };
    expect(maskDeep(answer, mask)).toEqual({ peps: [{ name: `Echo ${MASK}`, n: 3 }], [MASK]: true });
  });
});
