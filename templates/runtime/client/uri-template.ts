// RFC 6570 URI templates, expanded: what the catalog's resource-template stubs send as the URI to
// read. Every level (simple `{var}`, `+` reserved, `#` fragment, `.` label, `/` path segment,
// `;` path parameter, `?` query, `&` query continuation; `:n` prefixes and `*` explode) for string
// and list values (no associative arrays: a template's variables are typed string or string[]).

/** A variable's value: a string, a list of strings, or absent (undefined, or an empty list). */
export type TemplateValue = string | readonly string[] | undefined;

interface Operator {
  first: string;
  separator: string;
  /** `;`, `?` and `&` write `name=value`. */
  named: boolean;
  /** What follows a named variable whose value is empty (`;x`, `?x=`). */
  ifEmpty: string;
  /** `+` and `#` keep reserved characters and percent-encoded triplets. */
  reserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", reserved: false },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", reserved: true },
  "#": { first: "#", separator: ",", named: false, ifEmpty: "", reserved: true },
  ".": { first: ".", separator: ".", named: false, ifEmpty: "", reserved: false },
  "/": { first: "/", separator: "/", named: false, ifEmpty: "", reserved: false },
  ";": { first: ";", separator: ";", named: true, ifEmpty: "", reserved: false },
  "?": { first: "?", separator: "&", named: true, ifEmpty: "=", reserved: false },
  "&": { first: "&", separator: "&", named: true, ifEmpty: "=", reserved: false },
};

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

/** Percent-encodes all but the unreserved characters (and, for `+`/`#`, reserved ones and `%XX` triplets). */
function encode(value: string, reserved: boolean): string {
  let out = "";
  for (let i = 0; i < value.length; ) {
    const char = String.fromCodePoint(value.codePointAt(i)!);
    if (reserved && /^%[0-9A-Fa-f]{2}$/.test(value.slice(i, i + 3))) {
      out += value.slice(i, i + 3);
      i += 3;
      continue;
    }
    out += UNRESERVED.test(char) || (reserved && RESERVED.test(char)) ? char : [...new TextEncoder().encode(char)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    i += char.length;
  }
  return out;
}

/** The first `length` code points (a `:n` prefix). */
const prefix = (value: string, length: number | undefined) => (length === undefined ? value : [...value].slice(0, length).join(""));

function expandVariable(op: Operator, name: string, value: string | readonly string[], modifier: { explode: boolean; length?: number }): string {
  const named = (text: string) => (op.named ? `${name}${text === "" ? op.ifEmpty : `=${text}`}` : text);
  if (typeof value === "string") return named(encode(prefix(value, modifier.length), op.reserved));
  if (!modifier.explode) return named(value.map((item) => encode(item, op.reserved)).join(","));
  return value.map((item) => named(encode(item, op.reserved))).join(op.separator);
}

function expandExpression(body: string, variables: { readonly [name: string]: TemplateValue }): string {
  const operator = body[0] !== undefined && body[0] !== "" && Object.hasOwn(OPERATORS, body[0]) ? body[0] : "";
  const op = OPERATORS[operator]!;
  const specs = body.slice(operator.length).split(",");
  const parts: string[] = [];
  for (const spec of specs) {
    const parsed = /^(.*?)(\*|:(\d{1,4}))?$/.exec(spec)!;
    const value = Object.hasOwn(variables, parsed[1]!) ? variables[parsed[1]!] : undefined;
    if (value === undefined || (typeof value !== "string" && value.length === 0)) continue;
    parts.push(expandVariable(op, parsed[1]!, value, { explode: parsed[2] === "*", ...(parsed[3] ? { length: Number(parsed[3]) } : {}) }));
  }
  return parts.length ? op.first + parts.join(op.separator) : "";
}

/** The URI a template gives for these values; text outside the expressions is kept as written. */
export function expandUriTemplate(template: string, variables: { readonly [name: string]: TemplateValue }): string {
  return template.replace(/\{([^{}]*)\}/g, (_match, body: string) => expandExpression(body, variables));
}
