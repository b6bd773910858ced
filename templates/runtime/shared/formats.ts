// String formats of JSON Schema, checked by linear scans of the string (no backtracking regular
// expression runs over unbounded input, so a 50 MB `data:` URI gets a verdict, not a RangeError).
// Grammars: RFC 3986 (URI, URI-reference), RFC 6570 (URI Template), RFC 4648 (base64),
// RFC 3339 (date-time, date, time); email and uuid as JSON Schema validators commonly read them.

function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** ASCII lookup table: 1 for the characters of `chars`, and for letters and digits unless `only`. */
function table(chars: string, only = false): Uint8Array {
  const t = new Uint8Array(128);
  if (!only) for (let c = 0; c < 128; c++) if (isAlpha(c) || isDigit(c)) t[c] = 1;
  for (const ch of chars) t[ch.charCodeAt(0)] = 1;
  return t;
}

/** `unreserved / sub-delims`, plus what each context allows besides (pchar adds ":@", …). */
const UNRESERVED_SUB_DELIMS = "-._~!$&'()*+,;=";
const HOST = table(UNRESERVED_SUB_DELIMS);
const USERINFO = table(`${UNRESERVED_SUB_DELIMS}:`);
const PATH = table(`${UNRESERVED_SUB_DELIMS}:@/`);
const QUERY = table(`${UNRESERVED_SUB_DELIMS}:@/?`);
const NOSCHEME_SEGMENT = table(`${UNRESERVED_SUB_DELIMS}@`);

/** True when s[from, to) consists of `allowed` characters and well-formed percent-encodings. */
function scan(s: string, from: number, to: number, allowed: Uint8Array): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      if (i + 2 >= to || !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
      i += 2;
    } else if (c >= 128 || allowed[c] !== 1) {
      return false;
    }
  }
  return true;
}


/** Length of a leading `scheme ":"`, or 0 when the string has none. */
function schemeLength(s: string): number {
  if (!s.length || !isAlpha(s.charCodeAt(0))) return 0;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3a) return i + 1;
    if (!isAlpha(c) && !isDigit(c) && c !== 0x2b && c !== 0x2d && c !== 0x2e) return 0;
  }
  return 0;
}

/** `[ "?" query ] [ "#" fragment ]` from `at`; returns where the hierarchical part ends, or -1. */
function tailStart(s: string, at: number): number {
  const query = s.indexOf("?", at);
  const fragment = s.indexOf("#", at);
  const end = query >= 0 && (fragment < 0 || query < fragment) ? query : fragment;
  if (end < 0) return s.length;
  if (query >= 0 && (fragment < 0 || query < fragment)) {
    const queryEnd = fragment < 0 ? s.length : fragment;
    if (!scan(s, query + 1, queryEnd, QUERY)) return -1;
  }
  if (fragment >= 0 && !scan(s, fragment + 1, s.length, QUERY)) return -1;
  return end;
}

/** `authority path-abempty` in s[from, to) (after "//"). */
function authorityAndPath(s: string, from: number, to: number): boolean {
  let slash = s.indexOf("/", from);
  if (slash < 0 || slash > to) slash = to;
  const at = s.indexOf("@", from);
  let host = from;
  if (at >= 0 && at < slash) {
    if (!scan(s, from, at, USERINFO)) return false;
    host = at + 1;
  }
  let port: number;
  if (s.charCodeAt(host) === 0x5b) {
    const close = s.indexOf("]", host);
    if (close < 0 || close >= slash || close === host + 1) return false;
    const literal = USERINFO;
    for (let i = host + 1; i < close; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128 || literal[c] !== 1) return false;
    }
    port = close + 1;
  } else {
    port = host;
    while (port < slash && s.charCodeAt(port) !== 0x3a) port++;
    if (!scan(s, host, port, HOST)) return false;
  }
  if (port < slash) {
    if (s.charCodeAt(port) !== 0x3a) return false;
    for (let i = port + 1; i < slash; i++) if (!isDigit(s.charCodeAt(i))) return false;
  }
  return scan(s, slash, to, PATH);
}

/** path-absolute / path-rootless / path-empty in s[from, to): no "//" at its start. */
function rootedOrNot(s: string, from: number, to: number): boolean {
  const start = s.charCodeAt(from) === 0x2f ? from + 1 : from;
  if (start < to && s.charCodeAt(start) === 0x2f) return false;
  return scan(s, start, to, PATH);
}

function hierPart(s: string, from: number, to: number): boolean {
  if (s.startsWith("//", from) && from + 1 < to) return authorityAndPath(s, from + 2, to);
  return rootedOrNot(s, from, to);
}

/**
 * The common URI shapes (`https://host:port/path?query#fragment`, `[IPv6]` hosts, `urn:…`,
 * `file:///…`) without percent-encodings or userinfo, as one regular expression: V8 runs it as
 * native code, about twice as fast as the scans below. Every string it matches is a URI by
 * {@link exactUri} (each part allows a subset of what the grammar allows there); anything else
 * is left to the scans. Its parts are unambiguous (each loop stops at a character the next part
 * starts with), so it never backtracks more than linearly, and it only runs on strings of at most
 * QUICK_LIMIT characters.
 */
const QUICK_URI = (() => {
  const plain = "A-Za-z0-9\\-._~!$&'()*+,;=";
  const path = `[${plain}:@/]*`;
  const tail = `(?:\\?[${plain}:@/?]*)?(?:#[${plain}:@/?]*)?`;
  const authority = `(?:[${plain}]*|\\[[${plain}:]+\\])(?::[0-9]*)?`;
  return new RegExp(`^[A-Za-z][A-Za-z0-9+\\-.]*:(?://${authority}(?:/${path})?|(?!//)${path})${tail}$`);
})();
const QUICK_LIMIT = 4096;

/** An absolute URI (RFC 3986 `URI`): JSON Schema format `uri`. */
export function isUri(s: string): boolean {
  return (s.length <= QUICK_LIMIT && QUICK_URI.test(s)) || exactUri(s);
}

/** {@link isUri} by the grammar, for every shape (exported for the tests that hold the quick pass to it). */
export function exactUri(s: string): boolean {
  const scheme = schemeLength(s);
  if (!scheme) return false;
  const end = tailStart(s, scheme);
  return end >= 0 && hierPart(s, scheme, end);
}

/** A URI or a relative reference (RFC 3986 `URI-reference`): JSON Schema format `uri-reference`. */
export function isUriReference(s: string): boolean {
  if (schemeLength(s)) return isUri(s);
  const end = tailStart(s, 0);
  if (end < 0) return false;
  if (s.startsWith("//") && end >= 2) return authorityAndPath(s, 2, end);
  if (s.charCodeAt(0) === 0x2f) return rootedOrNot(s, 0, end);
  // path-noscheme: the first segment has no ":".
  let slash = s.indexOf("/");
  if (slash < 0 || slash > end) slash = end;
  return scan(s, 0, slash, NOSCHEME_SEGMENT) && scan(s, slash, end, PATH);
}

const TEMPLATE_FORBIDDEN = "\"'%<>\\^`{|}";
/** ASCII literal characters of a URI Template (RFC 6570 `literals`, without pct-encoded). */
const TEMPLATE_LITERAL = (() => {
  const t = new Uint8Array(128);
  for (let c = 0x21; c < 0x7f; c++) t[c] = TEMPLATE_FORBIDDEN.includes(String.fromCharCode(c)) ? 0 : 1;
  return t;
})();
const TEMPLATE_OPERATORS = table("+#./;?&=,!@|", true);
const VARCHAR = table("_");

/** The length of the `varchar` at i: 1, 3 (pct-encoded) or 0 (none). */
function isVarchar(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 128 && VARCHAR[c] === 1) return 1;
  return c === 0x25 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)) ? 3 : 0;
}

/** One `varspec` from i; returns the index after it, or -1. */
function varspec(s: string, i: number): number {
  let step = isVarchar(s, i);
  if (!step) return -1;
  i += step;
  for (;;) {
    const dot = s.charCodeAt(i) === 0x2e ? 1 : 0;
    step = isVarchar(s, i + dot);
    if (!step) break;
    i += dot + step;
  }
  if (s.charCodeAt(i) === 0x2a) return i + 1;
  if (s.charCodeAt(i) !== 0x3a) return i;
  const first = s.charCodeAt(i + 1);
  if (!isDigit(first) || first === 0x30) return -1;
  let j = i + 2;
  while (j < i + 5 && isDigit(s.charCodeAt(j))) j++;
  return j;
}

/** A `{ [operator] varspec *("," varspec) }` expression from i (at "{"); the index after it, or -1. */
function expression(s: string, i: number): number {
  i++;
  const c = s.charCodeAt(i);
  if (c < 128 && TEMPLATE_OPERATORS[c] === 1) i++;
  for (;;) {
    i = varspec(s, i);
    if (i < 0) return -1;
    if (s.charCodeAt(i) === 0x7d) return i + 1;
    if (s.charCodeAt(i) !== 0x2c) return -1;
    i++;
  }
}

/**
 * Templates without percent-encodings, as one regular expression (see QUICK_URI): literal runs
 * (printable ASCII but `"'%<>\\^\`{|}`, and any non-ASCII unit) between `{op? varspec, …}`
 * expressions. Unambiguous (a literal run stops at "{", a name at "." or a modifier), so linear.
 */
const QUICK_TEMPLATE = (() => {
  const literal = "[!#$&(-;=?-\\[\\]_a-z~\\u0080-\\uffff]*";
  const varspec = "[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*(?:\\*|:[1-9][0-9]{0,3})?";
  return new RegExp(`^${literal}(?:\\{[+#./;?&=,!@|]?${varspec}(?:,${varspec})*\\}${literal})*$`);
})();

/** An RFC 6570 URI Template: JSON Schema format `uri-template`. */
export function isUriTemplate(s: string): boolean {
  return (s.length <= QUICK_LIMIT && QUICK_TEMPLATE.test(s)) || exactUriTemplate(s);
}

/** {@link isUriTemplate} by the grammar, for every template (exported for the tests). */
export function exactUriTemplate(s: string): boolean {
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 0x7b) {
      i = expression(s, i);
      if (i < 0) return false;
    } else if (c === 0x25) {
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
      i += 3;
    } else {
      if (c < 128 && TEMPLATE_LITERAL[c] !== 1) return false;
      i++;
    }
  }
  return true;
}

/** The base64 alphabet (RFC 4648 §4), as a table: one load per character, no call per test. */
const BASE64 = table("+/");

/**
 * Base64 with padding (RFC 4648 §4): JSON Schema format `byte`. The padding is read with
 * charCodeAt, not endsWith (a builtin call each): this runs once per image or blob.
 */
export function isBase64(s: string): boolean {
  const n = s.length;
  if (n % 4 !== 0) return false;
  let end = n;
  if (n > 0 && s.charCodeAt(n - 1) === 0x3d) end = s.charCodeAt(n - 2) === 0x3d ? n - 2 : n - 1;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || BASE64[c] !== 1) return false;
  }
  return true;
}

function digits(s: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return -1;
    value = value * 10 + (c - 0x30);
  }
  return value;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function fullDate(s: string, at: number): boolean {
  const year = digits(s, at, 4);
  const month = digits(s, at + 5, 2);
  const day = digits(s, at + 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || s[at + 4] !== "-" || s[at + 7] !== "-") return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS[month - 1]!);
}

/** RFC 3339 `full-time` from `at` to the end of the string. */
function fullTime(s: string, at: number): boolean {
  const hour = digits(s, at, 2);
  const minute = digits(s, at + 3, 2);
  const second = digits(s, at + 6, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) return false;
  if (s[at + 2] !== ":" || s[at + 5] !== ":") return false;
  let i = at + 8;
  if (s[i] === ".") {
    const start = ++i;
    while (isDigit(s.charCodeAt(i))) i++;
    if (i === start) return false;
  }
  if ((s[i] === "Z" || s[i] === "z") && i + 1 === s.length) return true;
  if (s[i] !== "+" && s[i] !== "-") return false;
  const offsetHour = digits(s, i + 1, 2);
  const offsetMinute = digits(s, i + 4, 2);
  return offsetHour >= 0 && offsetHour <= 23 && offsetMinute >= 0 && offsetMinute <= 59 && s[i + 3] === ":" && i + 6 === s.length;
}

/** RFC 3339 `date-time`: JSON Schema format `date-time`. */
export function isDateTime(s: string): boolean {
  return s.length >= 20 && fullDate(s, 0) && (s[10] === "T" || s[10] === "t") && fullTime(s, 11);
}

/** RFC 3339 `full-date`: JSON Schema format `date`. */
export function isDate(s: string): boolean {
  return s.length === 10 && fullDate(s, 0);
}

/** RFC 3339 `full-time`: JSON Schema format `time`. */
export function isTime(s: string): boolean {
  return s.length >= 9 && fullTime(s, 0);
}

const EMAIL_LOCAL = "!#$%&'*+/=?^_`{|}~-";

function isLabel(s: string, from: number, to: number): boolean {
  if (to - from < 1 || to - from > 63) return false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    const edge = i === from || i === to - 1;
    if (!isAlpha(c) && !isDigit(c) && (edge || c !== 0x2d)) return false;
  }
  return true;
}

/** `local@domain`: dot-atom local part, a domain of at least two DNS labels. */
export function isEmail(s: string): boolean {
  const at = s.indexOf("@");
  if (at < 1 || s.indexOf("@", at + 1) >= 0) return false;
  let atomStart = 0;
  for (let i = 0; i <= at; i++) {
    if (i === at || s[i] === ".") {
      if (i === atomStart) return false;
      atomStart = i + 1;
      continue;
    }
    const c = s.charCodeAt(i);
    if (!isAlpha(c) && !isDigit(c) && !EMAIL_LOCAL.includes(s.charAt(i))) return false;
  }
  const labels = s.slice(at + 1).split(".");
  if (labels.length < 2) return false;
  let from = at + 1;
  for (const label of labels) {
    if (!isLabel(s, from, from + label.length)) return false;
    from += label.length + 1;
  }
  return true;
}

/** `8-4-4-4-12` hexadecimal digits, optionally prefixed with `urn:uuid:`. */
export function isUuid(s: string): boolean {
  const at = s.toLowerCase().startsWith("urn:uuid:") ? 9 : 0;
  if (s.length - at !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(at + i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 0x2d : !isHex(c)) return false;
  }
  return true;
}
