// The YAML frontmatter of a SKILL.md (SEP-2640, Agent Skills format), parsed into JSON without a
// YAML dependency: the runtime is copied into users' projects and must stay portable. It reads the
// subset skill authors write (block mappings and sequences, plain and quoted scalars, `|` and `>`
// block scalars, one-line flow collections, comments) with YAML 1.2 core-schema scalars, and
// refuses the rest (anchors, aliases, tags, multi-line quoted or flow values) with an error that
// names the line: a client that cannot read a frontmatter must not load the skill on a guess.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export class FrontmatterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FrontmatterError";
  }
}

/** The most bytes of YAML read (a frontmatter is a few hundred bytes; this bounds the parser's work). */
export const MAX_FRONTMATTER_BYTES: number = 64 * 1024;
/** The deepest nesting of mappings and sequences. */
const MAX_DEPTH = 32;

const OPENING = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** The YAML between the leading `---` lines and the body after them; undefined when there is no frontmatter. */
export function splitFrontmatter(text: string): { yaml: string; body: string } | undefined {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = OPENING.exec(source);
  if (!match) return undefined;
  return { yaml: match[1]!, body: source.slice(match[0].length) };
}

/** The frontmatter of a SKILL.md as a JSON object: FrontmatterError when it is missing, too large, or not read. */
export function parseFrontmatter(text: string): { [key: string]: Json } {
  const split = splitFrontmatter(text);
  if (!split) throw new FrontmatterError("SKILL.md does not begin with a `---` delimited YAML frontmatter");
  if (new TextEncoder().encode(split.yaml).length > MAX_FRONTMATTER_BYTES) throw new FrontmatterError(`the frontmatter is over ${MAX_FRONTMATTER_BYTES} bytes`);
  const value = parseYaml(split.yaml);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new FrontmatterError("the frontmatter is not a mapping");
  return value;
}

interface Line {
  indent: number;
  text: string;
  number: number;
}

/** A YAML document of the subset above. */
export function parseYaml(yaml: string): Json {
  const lines: Line[] = yaml.split(/\r?\n/).map((raw, i) => {
    const indent = /^ */.exec(raw)![0].length;
    if (raw[indent] === "\t" && raw.trim() !== "") throw new FrontmatterError(`line ${i + 1}: a tab in indentation`);
    return { indent, text: raw.slice(indent), number: i + 1 };
  });
  const reader = new Reader(lines);
  reader.skipBlank();
  if (reader.done()) return null;
  const value = reader.block(reader.peek()!.indent, 0);
  reader.skipBlank();
  const rest = reader.peek();
  if (rest) throw new FrontmatterError(`line ${rest.number}: unexpected indentation`);
  return value;
}

class Reader {
  private at = 0;
  constructor(private readonly lines: Line[]) {}

  done(): boolean {
    return this.at >= this.lines.length;
  }
  peek(): Line | undefined {
    return this.lines[this.at];
  }
  skipBlank(): void {
    while (!this.done() && isBlank(this.lines[this.at]!.text)) this.at++;
  }

  /** A mapping or a sequence whose entries start at `indent`. */
  block(indent: number, depth: number): Json {
    if (depth > MAX_DEPTH) throw new FrontmatterError(`line ${this.peek()?.number}: nested deeper than ${MAX_DEPTH}`);
    return isItem(this.peek()!.text) ? this.sequence(indent, depth) : this.mapping(indent, depth);
  }

  private sequence(indent: number, depth: number): Json[] {
    const out: Json[] = [];
    for (let line = this.peek(); line && line.indent === indent && isItem(line.text); this.skipBlank(), line = this.peek()) {
      const rest = line.text.slice(1).replace(/^ +/, "");
      if (isBlank(rest)) {
        this.at++;
        out.push(this.nested(indent, depth, false));
        continue;
      }
      // "- key: value" and "- scalar": the item's content becomes a line of its own, indented where it starts.
      this.lines[this.at] = { indent: indent + line.text.length - rest.length, text: rest, number: line.number };
      out.push(this.block(this.lines[this.at]!.indent, depth + 1));
    }
    return out;
  }

  private mapping(indent: number, depth: number): Json {
    const out: { [key: string]: Json } = {};
    for (let line = this.peek(); line && line.indent === indent && !isItem(line.text); this.skipBlank(), line = this.peek()) {
      const entry = KEY.exec(line.text);
      if (!entry) {
        if (Object.keys(out).length === 0) return this.scalarLines(indent);
        throw new FrontmatterError(`line ${line.number}: expected "key: value"`);
      }
      const key = entry[1] !== undefined ? unquoteDouble(`"${entry[1]}"`, line.number) : entry[2] !== undefined ? entry[2].replace(/''/g, "'") : entry[3]!;
      if (Object.hasOwn(out, key)) throw new FrontmatterError(`line ${line.number}: the key ${JSON.stringify(key)} appears twice`);
      const rest = stripComment(entry[4] ?? "");
      this.at++;
      Object.defineProperty(out, key, { value: this.valueAfterKey(rest, indent, depth, line.number), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  private valueAfterKey(rest: string, indent: number, depth: number, number: number): Json {
    if (rest === "") return this.nested(indent, depth, true);
    if (/^[|>]/.test(rest)) return this.blockScalar(rest, indent, number);
    return this.continued(scalar(rest, number), rest, indent);
  }

  /** The value under a key or item with nothing after it: a more indented block (or a sequence at the key's indent), else null. */
  private nested(indent: number, depth: number, sameIndentSequence: boolean): Json {
    this.skipBlank();
    const next = this.peek();
    if (next && (next.indent > indent || (sameIndentSequence && next.indent === indent && isItem(next.text)))) return this.block(next.indent, depth + 1);
    return null;
  }

  /** A plain scalar that goes on over more indented lines (folded with spaces). */
  private continued(value: Json, rest: string, indent: number): Json {
    const parts = [];
    for (let line = this.peek(); line && line.indent > indent && !isBlank(line.text); line = this.peek()) {
      parts.push(stripComment(line.text));
      this.at++;
    }
    if (!parts.length) return value;
    if (/^["'[{]/.test(rest)) throw new FrontmatterError(`line ${this.lines[this.at - 1]!.number}: a quoted or flow value over several lines is not supported`);
    return scalar([rest, ...parts].join(" "), this.lines[this.at - 1]!.number);
  }

  /** A document or value that is a lone scalar. */
  private scalarLines(indent: number): Json {
    const first = this.peek()!;
    this.at++;
    return this.continued(scalar(stripComment(first.text), first.number), stripComment(first.text), indent);
  }

  private blockScalar(header: string, indent: number, number: number): string {
    const form = /^([|>])([+-]?)$/.exec(header);
    if (!form) throw new FrontmatterError(`line ${number}: the block scalar header ${JSON.stringify(header)} is not supported`);
    const body: Line[] = [];
    while (!this.done() && (isBlank(this.peek()!.text) || this.peek()!.indent > indent)) body.push(this.lines[this.at++]!);
    while (body.length && isBlank(body[body.length - 1]!.text)) {
      body.pop();
      this.at--;
    }
    const content = body.find((l) => !isBlank(l.text));
    const base = content ? content.indent : indent + 1;
    const texts = body.map((l) => (isBlank(l.text) ? "" : " ".repeat(l.indent - base) + l.text));
    const text = form[1] === "|" ? texts.join("\n") : fold(texts);
    const chomp = form[2];
    const trailing = this.trailingBlank(chomp === "+");
    if (text === "") return chomp === "+" ? trailing : "";
    return chomp === "-" ? text : chomp === "+" ? `${text}\n${trailing}` : `${text}\n`;
  }

  /** Blank lines after a block scalar: consumed; with "keep" chomping, they are part of it. */
  private trailingBlank(keep: boolean): string {
    let count = 0;
    while (!this.done() && isBlank(this.peek()!.text)) {
      this.at++;
      count++;
    }
    return keep ? "\n".repeat(count) : "";
  }
}

const KEY = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{}[\],&*!|>%@`-][^:#]*?|-[^\s:#][^:#]*?))[ \t]*:(?:[ \t]+(.*))?$/;

const isBlank = (text: string): boolean => text.trim() === "" || text.trimStart().startsWith("#");
const isItem = (text: string): boolean => text === "-" || text.startsWith("- ");

/** A plain value without its comment (` #` starts one; inside quotes it does not). */
function stripComment(text: string): string {
  if (/^["']/.test(text)) {
    const quote = text[0]!;
    const end = quote === '"' ? /^"(?:[^"\\]|\\.)*"/.exec(text) : /^'(?:[^']|'')*'/.exec(text);
    if (end) return end[0] + text.slice(end[0].length).replace(/[ \t]+#.*$/, "").trimEnd();
  }
  return text.replace(/(^|[ \t])#.*$/, "").trimEnd();
}

/** `>`: lines folded with spaces; a blank line stands for one line break, and more indented lines keep theirs. */
function fold(texts: string[]): string {
  let out = texts[0] ?? "";
  let lastText = out;
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i]!;
    if (text === "") {
      out += "\n";
      continue;
    }
    const afterBlank = texts[i - 1] === "";
    const literal = text.startsWith(" ") || lastText.startsWith(" ");
    out += afterBlank ? (literal ? "\n" : "") : literal ? "\n" : " ";
    out += text;
    lastText = text;
  }
  return out;
}

/** One scalar or one-line flow collection, resolved with the YAML 1.2 core schema. */
export function scalar(text: string, number: number): Json {
  if (/^[&*!]/.test(text)) throw new FrontmatterError(`line ${number}: anchors, aliases and tags are not supported`);
  if (text.startsWith('"')) return unquoteDouble(text, number);
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) throw new FrontmatterError(`line ${number}: an unterminated single-quoted string`);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (text.startsWith("[") || text.startsWith("{")) return new Flow(text, number).document();
  return plain(text);
}

function plain(text: string): Json {
  if (/^(?:~|null|Null|NULL)?$/.test(text)) return null;
  if (/^(?:true|True|TRUE)$/.test(text)) return true;
  if (/^(?:false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) return Number(text);
  if (/^0o[0-7]+$/.test(text)) return parseInt(text.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return parseInt(text.slice(2), 16);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(text)) return Number(text);
  if (/^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/.test(text)) throw new FrontmatterError(`${JSON.stringify(text)} is not a JSON number`);
  return text;
}

function unquoteDouble(text: string, number: number): string {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  if (!match) throw new FrontmatterError(`line ${number}: an unterminated double-quoted string`);
  const json = match[1]!.replace(/\\x([0-9a-fA-F]{2})/g, "\\u00$1").replace(/\\([ /])/g, "$1").replace(/\\0/g, "\\u0000");
  try {
    return JSON.parse(`"${json}"`) as string;
  } catch {
    throw new FrontmatterError(`line ${number}: an escape of a double-quoted string is not supported`);
  }
}

/** `[a, b]` and `{k: v}` on one line (nested ones included). */
class Flow {
  private at = 0;
  constructor(
    private readonly text: string,
    private readonly number: number,
  ) {}

  document(): Json {
    const value = this.value();
    this.space();
    if (this.at !== this.text.length) throw this.error("text after a flow collection");
    return value;
  }

  private error(what: string): FrontmatterError {
    return new FrontmatterError(`line ${this.number}, column ${this.at + 1}: ${what}`);
  }
  private space(): void {
    while (this.text[this.at] === " ") this.at++;
  }

  private value(): Json {
    this.space();
    const c = this.text[this.at];
    if (c === "[") return this.collection("]", () => this.value());
    if (c === "{") {
      const out: { [key: string]: Json } = {};
      this.collection("}", () => {
        const key = this.value();
        if (typeof key !== "string") throw this.error("a flow mapping key that is not a string");
        this.space();
        if (this.text[this.at++] !== ":") throw this.error('expected ":"');
        Object.defineProperty(out, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
        return null;
      });
      return out;
    }
    const quoted = c === '"' ? /^"(?:[^"\\]|\\.)*"/.exec(this.text.slice(this.at)) : c === "'" ? /^'(?:[^']|'')*'/.exec(this.text.slice(this.at)) : /^[^,[\]{}:]*(?::(?! |,|}|]|$)[^,[\]{}:]*)*/.exec(this.text.slice(this.at));
    if (!quoted) throw this.error("an unterminated string");
    this.at += quoted[0].length;
    return scalar(quoted[0].trim(), this.number);
  }

  private collection(close: string, item: () => Json): Json[] {
    this.at++;
    const out: Json[] = [];
    for (;;) {
      this.space();
      if (this.text[this.at] === close) {
        this.at++;
        return out;
      }
      out.push(item());
      this.space();
      const next = this.text[this.at];
      if (next === ",") this.at++;
      else if (next !== close) throw this.error(`expected "," or "${close}"`);
    }
  }
}
