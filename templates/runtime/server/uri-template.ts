// RFC 6570 URI templates, read the other way: which concrete URIs a template describes, and the
// values of its variables. Levels 1-3 (simple, `+` reserved, `#` fragment, `.` label, `/` path
// segment, `;` path parameter, `?` query, `&` query continuation); level 4's modifiers (`:n`,
// `*`) are accepted and matched like plain variables. A simple or reserved variable must be
// non-empty; the others may be absent (an absent one has no key in the result).

export interface TemplateVariable {
  name: string;
  operator: "" | "+" | "#" | "." | "/" | ";" | "?" | "&";
  /** The variable may be absent from a matching URI. */
  optional: boolean;
}

export interface UriTemplate {
  readonly template: string;
  readonly variables: readonly TemplateVariable[];
  /**
   * The variables of a URI the template describes, or undefined when it describes another.
   * Throws a -32602 ProtocolError when it matches but a decoded value is refused: a NUL in any
   * value, or a `/` in a simple `{var}` (so `..%2F..%2Fetc` never reaches a handler as a path);
   * and refuses a URI longer than MAX_URI_LENGTH the same way. Linear in the URI's length.
   */
  match(uri: string): Record<string, string> | undefined;
}

import { JSONRPC, ProtocolError } from "../shared/messages.js";
import { PatternBuilder, type Pattern } from "./uri-match.js";

const OPERATORS = new Set(["+", "#", ".", "/", ";", "?", "&"]);
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

interface Expression {
  operator: TemplateVariable["operator"];
  names: string[];
}

/** The template's parts: literal text and expressions; a malformed template throws (at registration). */
function parts(template: string): Array<string | Expression> {
  const out: Array<string | Expression> = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf("{", at);
    if (open === -1) {
      out.push(template.slice(at));
      break;
    }
    if (open > at) out.push(template.slice(at, open));
    const close = template.indexOf("}", open);
    if (close === -1) throw new TypeError(`URI template ${JSON.stringify(template)}: "{" at ${open} is never closed`);
    out.push(expression(template, template.slice(open + 1, close)));
    at = close + 1;
  }
  if (out.some((p) => typeof p === "string" && p.includes("}"))) throw new TypeError(`URI template ${JSON.stringify(template)}: a "}" without its "{"`);
  return out;
}

function expression(template: string, body: string): Expression {
  const operator = (OPERATORS.has(body[0] ?? "") ? body[0] : "") as Expression["operator"];
  const names = body.slice(operator.length).split(",").map((spec) => spec.replace(/(\*|:\d{1,4})$/, ""));
  for (const name of names) if (!VARNAME.test(name)) throw new TypeError(`URI template ${JSON.stringify(template)}: {${body}} has an invalid variable name ${JSON.stringify(name)}`);
  return { operator, names };
}

/**
 * The matcher of a non-query expression; each variable is one group. The pieces are those of
 * the regular expression the template stands for (a simple `{a,b}` is `([^/?#,]+),([^/?#,]+)`,
 * a reserved `{+a}` is `([^?#]+?)`, …), matched in linear time (uri-match.ts).
 */
function expressionPattern(b: PatternBuilder, e: Expression): void {
  const each = (piece: (name: string) => void, separator = ""): void => {
    e.names.forEach((name, i) => {
      if (i) b.text(separator);
      piece(name);
    });
  };
  switch (e.operator) {
    case "":
      return each(() => b.capture(() => b.someNotIn("/?#,", false)), ",");
    case "+":
      return each(() => b.capture(() => b.someNotIn("?#", true)), ",");
    case "#":
      b.optional(() => {
        b.text("#");
        each(() => b.capture(() => b.anyNotIn(",", true)), ",");
      });
      return;
    case ".":
      return each(() => b.optional(() => b.text(".").capture(() => b.anyNotIn("/?#.", false))));
    case "/":
      return each(() => b.optional(() => b.text("/").capture(() => b.anyNotIn("/?#", false))));
    default: // ";": the whole `;name` or `;name=value` is captured (`;name` alone is the empty value)
      return each((name) => b.optional(() => b.capture(() => b.text(`;${name}`).optional(() => b.text("=").anyNotIn(";/?#", false)))));
  }
}

/** Longer URIs are refused (-32602) before any template is tried. */
export const MAX_URI_LENGTH = 16_384;

/** Refuses a URI over MAX_URI_LENGTH with -32602 (its length in the data, not the URI itself). */
export function refuseLongUri(uri: string): void {
  if (uri.length > MAX_URI_LENGTH) throw new ProtocolError(JSONRPC.invalidParams, `URI is longer than ${MAX_URI_LENGTH} characters`, { length: uri.length, maxLength: MAX_URI_LENGTH });
}

/**
 * Percent-decoding happens after matching, so the matched text alone does not bound a value:
 * a simple `{var}` must not decode to a `/` (it stands for one path segment), and no value may
 * hold a NUL. `{+var}` and `{#var}` admit `/` (reserved expansion: a path), but never a NUL.
 */
function refuseDecoded(uri: string, name: string, operator: Expression["operator"], value: string): void {
  const reason = value.includes("\0") ? "holds a NUL" : operator === "" && value.includes("/") ? 'holds a "/" after percent-decoding (a simple {var} is one segment)' : undefined;
  if (reason) throw new ProtocolError(JSONRPC.invalidParams, `URI template variable ${JSON.stringify(name)} ${reason}`, { uri });
}

function decode(value: string, reserved: boolean): string | undefined {
  try {
    return reserved ? decodeURI(value) : decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The values of query parameters (`?a=1&b=2`), decoded. */
function queryValues(query: string): Map<string, string> | undefined {
  const values = new Map<string, string>();
  for (const pair of query.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = decode(eq === -1 ? pair : pair.slice(0, eq), false);
    const value = decode(eq === -1 ? "" : pair.slice(eq + 1), false);
    if (name === undefined || value === undefined) return undefined;
    if (!values.has(name)) values.set(name, value);
  }
  return values;
}

interface Compiled {
  variables: TemplateVariable[];
  /** The expressions before the query, whose variables are the pattern's groups in order. */
  inHead: Expression[];
  /** The query expressions (`{?…}`, `{&…}`): the last group holds the whole query. */
  query: Expression[];
  pattern: Pattern;
}

function compile(template: string): Compiled {
  const all = parts(template);
  const expressions = all.filter((p): p is Expression => typeof p !== "string");
  const query = expressions.filter((e) => e.operator === "?" || e.operator === "&");
  const queryAt = all.findIndex((p) => typeof p !== "string" && query.includes(p));
  if (queryAt !== -1 && all.slice(queryAt).some((p) => typeof p === "string" || !query.includes(p))) {
    throw new TypeError(`URI template ${JSON.stringify(template)}: a query expression ({?…} or {&…}) must come last`);
  }
  const head = queryAt === -1 ? all : all.slice(0, queryAt);
  const builder = new PatternBuilder();
  for (const p of head) {
    if (typeof p === "string") builder.text(p);
    else expressionPattern(builder, p);
  }
  if (query.length) builder.optional(() => builder.oneOf("?&").capture(() => builder.anyNotIn("#", false)));
  const variables: TemplateVariable[] = expressions.flatMap((e) => e.names.map((name) => ({ name, operator: e.operator, optional: e.operator !== "" && e.operator !== "+" })));
  const seen = new Set<string>();
  for (const v of variables) {
    if (seen.has(v.name)) throw new TypeError(`URI template ${JSON.stringify(template)}: variable ${JSON.stringify(v.name)} appears twice`);
    seen.add(v.name);
  }
  return { variables, inHead: head.filter((p): p is Expression => typeof p !== "string"), query, pattern: builder.build() };
}

/** The matcher a template compiles to (its work is observable: MatchResult.steps). */
export function templatePattern(template: string): Pattern {
  return compile(template).pattern;
}

export function parseUriTemplate(template: string): UriTemplate {
  const { variables, inHead, query, pattern } = compile(template);
  return {
    template,
    variables,
    match(uri) {
      refuseLongUri(uri);
      const found = pattern.run(uri).groups;
      if (!found) return undefined;
      const out: Record<string, string> = {};
      let group = 0;
      for (const e of inHead) {
        for (const name of e.names) {
          const captured = found[group++];
          if (captured === undefined) continue;
          const raw = e.operator === ";" ? captured.slice(name.length + 2) : captured;
          const value = decode(raw, e.operator === "+" || e.operator === "#");
          if (value === undefined) return undefined;
          refuseDecoded(uri, name, e.operator, value);
          out[name] = value;
        }
      }
      if (!query.length) return out;
      const values = queryValues(found[group] ?? "");
      if (!values) return undefined;
      for (const name of query.flatMap((e) => e.names)) {
        const value = values.get(name);
        if (value === undefined) continue;
        refuseDecoded(uri, name, "?", value);
        out[name] = value;
      }
      return out;
    },
  };
}

/** The variables of a URI template literal, for typing: `"a://{id}{?q}"` gives `{ id: string; q?: string }`. */
export type TemplateVariables<T extends string> = { [K in RequiredNames<T>]: string } & { [K in OptionalNames<T>]?: string };

/** The names of a template literal's variables. */
export type TemplateVariableNames<T extends string> = RequiredNames<T> | OptionalNames<T>;

type Expressions<T extends string> = T extends `${string}{${infer E}}${infer Rest}` ? E | Expressions<Rest> : never;
type Names<L extends string> = L extends `${infer A},${infer B}` ? Name<A> | Names<B> : Name<L>;
type Name<V extends string> = V extends `${infer N}*` ? N : V extends `${infer N}:${string}` ? N : V;
/** Operators whose variables may be absent from a matching URI. */
type OptionalOperator = "#" | "." | "/" | ";" | "?" | "&";
type RequiredIn<E extends string> = E extends `+${infer L}` ? Names<L> : E extends `${OptionalOperator}${string}` ? never : Names<E>;
type OptionalIn<E extends string> = E extends `${OptionalOperator}${infer L}` ? Names<L> : never;
type RequiredNames<T extends string> = RequiredIn<Expressions<T>>;
type OptionalNames<T extends string> = OptionalIn<Expressions<T>>;
