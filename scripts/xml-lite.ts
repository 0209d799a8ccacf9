/**
 * Just enough XML to read an Office add-in manifest offline: elements, attributes, text,
 * comments, the declaration and the five predefined entities plus numeric references.
 * Anything else (DOCTYPE, CDATA, processing instructions inside the document) is refused,
 * so a manifest that needs more than this is noticed rather than misread.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** 1-based line of the start tag, for messages. */
  line: number;
}

export class XmlSyntaxError extends Error {
  constructor(message: string, line: number) {
    super(`line ${line}: ${message}`);
    this.name = 'XmlSyntaxError';
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, line: number): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = ENTITIES[ref];
    if (value === undefined) throw new XmlSyntaxError(`unknown entity ${whole}`, line);
    return value;
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;

export function parseXml(source: string): XmlElement {
  let pos = 0;
  let line = 1;
  const advance = (n: number) => {
    for (let i = 0; i < n; i++) if (source.charCodeAt(pos + i) === 10) line++;
    pos += n;
  };
  const skipSpace = () => {
    const m = /^\s*/.exec(source.slice(pos));
    if (m) advance(m[0].length);
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith('<!--', pos)) {
        const end = source.indexOf('-->', pos + 4);
        if (end < 0) throw new XmlSyntaxError('unterminated comment', line);
        advance(end + 3 - pos);
      } else if (source.startsWith('<?', pos)) {
        const end = source.indexOf('?>', pos + 2);
        if (end < 0) throw new XmlSyntaxError('unterminated declaration', line);
        advance(end + 2 - pos);
      } else return;
    }
  };

  const parseElement = (): XmlElement => {
    if (source[pos] !== '<') throw new XmlSyntaxError('expected "<"', line);
    advance(1);
    const nameMatch = NAME.exec(source.slice(pos));
    if (!nameMatch) throw new XmlSyntaxError('expected an element name', line);
    const element: XmlElement = { name: nameMatch[0], attributes: {}, children: [], text: '', line };
    advance(nameMatch[0].length);
    for (;;) {
      skipSpace();
      if (source.startsWith('/>', pos)) {
        advance(2);
        return element;
      }
      if (source[pos] === '>') {
        advance(1);
        break;
      }
      const attr = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(source.slice(pos));
      if (!attr) throw new XmlSyntaxError(`bad attribute in <${element.name}>`, line);
      if (attr[1] in element.attributes) throw new XmlSyntaxError(`duplicate attribute ${attr[1]}`, line);
      element.attributes[attr[1]] = decode(attr[3] ?? attr[4] ?? '', line);
      advance(attr[0].length);
    }
    for (;;) {
      if (pos >= source.length) throw new XmlSyntaxError(`<${element.name}> is not closed`, element.line);
      if (source.startsWith('<!--', pos)) {
        const end = source.indexOf('-->', pos + 4);
        if (end < 0) throw new XmlSyntaxError('unterminated comment', line);
        advance(end + 3 - pos);
      } else if (source.startsWith('</', pos)) {
        advance(2);
        const close = NAME.exec(source.slice(pos));
        if (!close || close[0] !== element.name) {
          throw new XmlSyntaxError(`</${close?.[0] ?? ''}> closes <${element.name}> (line ${element.line})`, line);
        }
        advance(close[0].length);
        skipSpace();
        if (source[pos] !== '>') throw new XmlSyntaxError('expected ">"', line);
        advance(1);
        element.text = element.text.trim();
        return element;
      } else if (source.startsWith('<!', pos) || source.startsWith('<?', pos)) {
        throw new XmlSyntaxError('CDATA, DOCTYPE and processing instructions are not supported', line);
      } else if (source[pos] === '<') {
        element.children.push(parseElement());
      } else {
        const next = source.indexOf('<', pos);
        const end = next < 0 ? source.length : next;
        element.text += decode(source.slice(pos, end), line);
        advance(end - pos);
      }
    }
  };

  skipMisc();
  const root = parseElement();
  skipMisc();
  if (pos < source.length) throw new XmlSyntaxError('content after the root element', line);
  return root;
}

/** Name without its namespace prefix: "bt:Image" -> "Image". */
export function localName(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}

export function* walk(
  element: XmlElement,
  parents: XmlElement[] = [],
): Generator<{ element: XmlElement; parents: XmlElement[] }> {
  yield { element, parents };
  for (const child of element.children) yield* walk(child, [...parents, element]);
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => localName(c.name) === name);
}

export function findAll(root: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const { element } of walk(root)) if (localName(element.name) === name) out.push(element);
  return out;
}
