/**
 * Client lists carry names typed on two keyboard layouts: "Cеверин" with a Latin C, "Іваненкo"
 * with a Latin o. Such a name looks right to everyone and matches nobody: the registries hold it
 * in one script, and a sanctioned person came back with no hits. In a word written in both
 * scripts, the letters that look alike are taken in the script of the letters that do not
 * (б, ж, я … or b, d, s …). A word of one script is never touched, nor one whose script cannot be
 * told (every letter a look-alike).
 */

/** Latin letters and the Cyrillic ones that look the same in the fonts names are typed in. */
const LATIN = 'AaBCcEeHIiKkMOoPpTXxyÏï';
const CYRILLIC = 'АаВСсЕеНІіКкМОоРрТХхуЇї';

const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

function convert(word: string, from: string, to: string): string {
  return Array.from(word, (ch) => {
    const at = from.indexOf(ch);
    return at < 0 ? ch : to[at];
  }).join('');
}

/** Whether `word` has a letter of `script` that no look-alike of the other script stands for. */
function plainly(word: string, script: RegExp, alike: string): boolean {
  for (const ch of word) if (script.test(ch) && !alike.includes(ch)) return true;
  return false;
}

/** A word in both scripts, in the one its plain letters show; any other word as it is. */
function oneScript(word: string): string {
  if (!CYRILLIC_LETTER.test(word) || !LATIN_LETTER.test(word)) return word;
  const cyrillic = plainly(word, CYRILLIC_LETTER, CYRILLIC);
  const latin = plainly(word, LATIN_LETTER, LATIN);
  if (cyrillic && !latin) return convert(word, LATIN, CYRILLIC);
  if (latin && !cyrillic) return convert(word, CYRILLIC, LATIN);
  return word;
}

/** Whether the text has letters of both scripts at all: nearly every name does not. */
function bothScripts(text: string): boolean {
  return CYRILLIC_LETTER.test(text) && LATIN_LETTER.test(text);
}

export function oneScriptPerWord(name: string): string {
  // Nearly every name is in one script: it is checked whole before word by word (every query, every row).
  return bothScripts(name) ? name.replace(/\p{L}+/gu, oneScript) : name;
}

/**
 * The words, as typed, that `oneScriptPerWord` reads in one script. The answer is right either way;
 * these are what the analyst should correct in the client's record, which other systems search too.
 */
export function mixedScriptWords(text: string): string[] {
  if (!bothScripts(text)) return [];
  const words = (text.match(/\p{L}+/gu) ?? []).filter((word) => oneScript(word) !== word);
  return [...new Set(words)];
}
