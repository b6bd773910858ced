// The checker of a tool's raw JSON Schema (`inputSchema` / `outputSchema` given as JSON Schema
// instead of a Zod object): the schema is read as it is, keyword by keyword, on each call. JSON
// Schema 2020-12, the dialect of every revision since 2025-11-25, and what draft-07 (the earlier
// revisions') says differently: an `items` array is a tuple (`additionalItems` for the rest), and
// `dependencies`. A `$ref`'s sibling keywords apply in both, as Ajv (the SDK's checker) has them.
//
// Never stricter than the schema: what it cannot decide passes. That is a `$ref` to another
// document, `$dynamicRef`, `unevaluatedProperties` / `unevaluatedItems`, a format it does not know (formats are
// annotations in 2020-12; the ones it knows are asserted, as the SDK's Ajv does), a pattern that
// is no valid regular expression, and a schema that refers to itself past MAX_DEPTH.
//
// Zod's `fromJSONSchema` did this before: it read less (no `if`/`then`/`else`, no `$anchor`, no
// `dependentRequired`: those schemas were checked only as objects) and brought about 40 KB of Zod
// into every bundle and 2.7 ms into every cold start, whether a server had raw schemas or not.
import { codePoints } from "../shared/fast.js";
import { isDate, isDateTime, isEmail, isTime, isUri, isUriReference, isUuid } from "../shared/formats.js";
import { isObject } from "../shared/messages.js";

type Path = PropertyKey[];
interface Issue {
  path: Path;
  message: string;
}
/** Where issues go; undefined when only the verdict is asked (anyOf, oneOf, not, if, contains). */
type Issues = Issue[] | undefined;
type Schema = { readonly [keyword: string]: unknown };

/** What the tool runtime asks of a checker (define.ts's Parser). */
export interface JsonSchemaChecker {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
}

const FORMATS: { readonly [format: string]: (text: string) => boolean } = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  email: isEmail,
  uri: isUri,
  "uri-reference": isUriReference,
  uuid: isUuid,
};

/** How deep schemas may refer to schemas for one value (`{ "$ref": "#" }` on itself): beyond, it passes. */
const MAX_DEPTH = 256;

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** The checker of `schema` (a JSON Schema object or boolean; anything else checks nothing). */
export function jsonSchemaChecker(schema: unknown): JsonSchemaChecker {
  const checker = new Checker(schema);
  return {
    safeParse(value) {
      const issues: Issue[] = [];
      checker.check(schema, value, [], issues, 0);
      return issues.length === 0 ? { success: true, data: value } : { success: false, error: { issues } };
    },
  };
}

class Checker {
  private readonly root: unknown;
  private readonly anchors = new Map<string, unknown>();
  private readonly patterns = new Map<string, RegExp | undefined>();

  constructor(root: unknown) {
    this.root = root;
    collectAnchors(root, this.anchors, new Set());
  }

  /** Whether `value` matches `schema`; every issue goes to `issues` when it is given. */
  check(schema: unknown, value: unknown, path: Path, issues: Issues, depth: number): boolean {
    if (schema === false) return fail(issues, path, "no value is allowed here");
    if (!isObject(schema) || depth > MAX_DEPTH) return true;
    let ok = true;
    const ref = schema["$ref"];
    if (typeof ref === "string") ok = this.check(this.resolve(ref), value, path, issues, depth + 1);
    for (const group of KEYWORD_GROUPS) {
      if (!ok && !issues) return false;
      ok = group.call(this, schema, value, path, issues, depth) && ok;
    }
    return ok;
  }

  private resolve(ref: string): unknown {
    if (ref === "#") return this.root;
    if (ref.startsWith("#/")) return pointer(this.root, ref.slice(2));
    if (ref.startsWith("#")) return this.anchors.get(ref.slice(1));
    return undefined; // another document: not followed
  }

  generic(schema: Schema, value: unknown, path: Path, issues: Issues): boolean {
    let ok = true;
    const type = schema["type"];
    if (typeof type === "string" || Array.isArray(type)) {
      const types = Array.isArray(type) ? type : [type];
      if (!types.some((t) => matchesType(t, value))) ok = fail(issues, path, `expected ${types.join(" or ")}, got ${typeName(value)}`);
    }
    if (Array.isArray(schema["enum"]) && !schema["enum"].some((option) => equal(option, value))) {
      ok = fail(issues, path, `expected one of ${schema["enum"].map((option) => JSON.stringify(option)).join(", ")}`);
    }
    if (hasOwn(schema, "const") && !equal(schema["const"], value)) ok = fail(issues, path, `expected ${JSON.stringify(schema["const"])}`);
    return ok;
  }

  number(schema: Schema, value: unknown, path: Path, issues: Issues): boolean {
    if (typeof value !== "number") return true;
    const bound = (keyword: string, holds: (limit: number) => boolean, words: string): boolean => {
      const limit = schema[keyword];
      return typeof limit !== "number" || holds(limit) || fail(issues, path, `must be ${words} ${limit}`);
    };
    const multipleOf = schema["multipleOf"];
    return [
      bound("minimum", (limit) => value >= limit, "at least"),
      bound("maximum", (limit) => value <= limit, "at most"),
      bound("exclusiveMinimum", (limit) => value > limit, "more than"),
      bound("exclusiveMaximum", (limit) => value < limit, "less than"),
      typeof multipleOf !== "number" || multipleOf <= 0 || Number.isInteger(value / multipleOf) || fail(issues, path, `must be a multiple of ${multipleOf}`),
    ].every(Boolean);
  }

  string(schema: Schema, value: unknown, path: Path, issues: Issues): boolean {
    if (typeof value !== "string") return true;
    let ok = true;
    const { minLength, maxLength, pattern, format } = schema;
    if (typeof minLength === "number" || typeof maxLength === "number") {
      const length = codePoints(value);
      if (typeof minLength === "number" && length < minLength) ok = fail(issues, path, `must be at least ${minLength} characters`);
      if (typeof maxLength === "number" && length > maxLength) ok = fail(issues, path, `must be at most ${maxLength} characters`);
    }
    const regex = typeof pattern === "string" ? this.regex(pattern) : undefined;
    if (regex && !regex.test(value)) ok = fail(issues, path, `must match the pattern ${pattern}`);
    const known = typeof format === "string" && hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
    if (known && !known(value)) ok = fail(issues, path, `must be a valid ${format}`);
    return ok;
  }

  private regex(pattern: string): RegExp | undefined {
    if (!this.patterns.has(pattern)) {
      let regex: RegExp | undefined;
      try {
        regex = new RegExp(pattern, "u");
      } catch {
        regex = undefined; // not an ECMA-262 pattern: decides nothing
      }
      this.patterns.set(pattern, regex);
    }
    return this.patterns.get(pattern);
  }

  array(schema: Schema, value: unknown, path: Path, issues: Issues, depth: number): boolean {
    if (!Array.isArray(value)) return true;
    let ok = true;
    const { minItems, maxItems, items } = schema;
    if (typeof minItems === "number" && value.length < minItems) ok = fail(issues, path, `must have at least ${minItems} items`);
    if (typeof maxItems === "number" && value.length > maxItems) ok = fail(issues, path, `must have at most ${maxItems} items`);
    const tuple = Array.isArray(schema["prefixItems"]) ? schema["prefixItems"] : Array.isArray(items) ? items : [];
    const rest = Array.isArray(items) ? schema["additionalItems"] : items;
    for (let i = 0; i < value.length && (ok || issues); i++) {
      ok = this.check(i < tuple.length ? tuple[i] : rest, value[i], [...path, i], issues, depth + 1) && ok;
    }
    if (schema["uniqueItems"] === true && value.some((item, i) => value.findIndex((other) => equal(other, item)) !== i)) ok = fail(issues, path, "must not hold the same item twice");
    return this.contains(schema, value, path, issues, depth) && ok;
  }

  private contains(schema: Schema, value: unknown[], path: Path, issues: Issues, depth: number): boolean {
    if (!hasOwn(schema, "contains")) return true;
    const count = value.filter((item) => this.check(schema["contains"], item, path, undefined, depth + 1)).length;
    const min = typeof schema["minContains"] === "number" ? schema["minContains"] : 1;
    const max = schema["maxContains"];
    if (count < min) return fail(issues, path, `must hold at least ${min} item(s) matching contains`);
    return typeof max !== "number" || count <= max || fail(issues, path, `must hold at most ${max} item(s) matching contains`);
  }

  object(schema: Schema, value: unknown, path: Path, issues: Issues, depth: number): boolean {
    if (!isObject(value)) return true;
    let ok = this.objectSize(schema, value, path, issues);
    for (const key of Array.isArray(schema["required"]) ? schema["required"] : []) {
      if (typeof key === "string" && !hasOwn(value, key)) ok = fail(issues, [...path, key], "required");
    }
    const properties = isObject(schema["properties"]) ? schema["properties"] : {};
    const patterns = isObject(schema["patternProperties"]) ? Object.entries(schema["patternProperties"]) : [];
    for (const key of Object.keys(value)) {
      if (!ok && !issues) return false;
      const at = [...path, key];
      let declared = hasOwn(properties, key);
      if (declared) ok = this.check(properties[key], value[key], at, issues, depth + 1) && ok;
      for (const [pattern, sub] of patterns) {
        if (!this.regex(pattern)?.test(key)) continue;
        declared = true;
        ok = this.check(sub, value[key], at, issues, depth + 1) && ok;
      }
      if (!declared && hasOwn(schema, "additionalProperties")) {
        ok = (schema["additionalProperties"] === false ? fail(issues, at, "is not a known property") : this.check(schema["additionalProperties"], value[key], at, issues, depth + 1)) && ok;
      }
      if (hasOwn(schema, "propertyNames") && !this.check(schema["propertyNames"], key, at, undefined, depth + 1)) ok = fail(issues, at, "is not an allowed property name");
    }
    return this.dependencies(schema, value, path, issues, depth) && ok;
  }

  private objectSize(schema: Schema, value: object, path: Path, issues: Issues): boolean {
    const { minProperties, maxProperties } = schema;
    if (typeof minProperties !== "number" && typeof maxProperties !== "number") return true;
    const count = Object.keys(value).length;
    if (typeof minProperties === "number" && count < minProperties) return fail(issues, path, `must have at least ${minProperties} properties`);
    return typeof maxProperties !== "number" || count <= maxProperties || fail(issues, path, `must have at most ${maxProperties} properties`);
  }

  /** dependentRequired, dependentSchemas, and draft-07's `dependencies` (either kind). */
  private dependencies(schema: Schema, value: { [key: string]: unknown }, path: Path, issues: Issues, depth: number): boolean {
    let ok = true;
    for (const keyword of ["dependentRequired", "dependentSchemas", "dependencies"]) {
      const table = schema[keyword];
      if (!isObject(table)) continue;
      for (const [key, dependency] of Object.entries(table)) {
        if (!hasOwn(value, key)) continue;
        if (Array.isArray(dependency)) {
          for (const needed of dependency) if (typeof needed === "string" && !hasOwn(value, needed)) ok = fail(issues, [...path, needed], `required when ${key} is present`);
        } else if (keyword !== "dependentRequired") ok = this.check(dependency, value, path, issues, depth + 1) && ok;
      }
    }
    return ok;
  }

  applicators(schema: Schema, value: unknown, path: Path, issues: Issues, depth: number): boolean {
    let ok = true;
    const matches = (sub: unknown): boolean => this.check(sub, value, path, undefined, depth + 1);
    for (const sub of Array.isArray(schema["allOf"]) ? schema["allOf"] : []) ok = this.check(sub, value, path, issues, depth + 1) && ok;
    if (Array.isArray(schema["anyOf"]) && !schema["anyOf"].some(matches)) ok = fail(issues, path, "must match a schema of anyOf");
    if (Array.isArray(schema["oneOf"]) && schema["oneOf"].filter(matches).length !== 1) ok = fail(issues, path, "must match exactly one schema of oneOf");
    if (hasOwn(schema, "not") && matches(schema["not"])) ok = fail(issues, path, "must not match the schema of not");
    if (hasOwn(schema, "if")) {
      const branch = matches(schema["if"]) ? schema["then"] : schema["else"];
      ok = this.check(branch, value, path, issues, depth + 1) && ok;
    }
    return ok;
  }
}

type KeywordGroup = (this: Checker, schema: Schema, value: unknown, path: Path, issues: Issues, depth: number) => boolean;
/** The keywords by the kind of value they constrain, then the applicators; each group a method of Checker. */
const KEYWORD_GROUPS: readonly KeywordGroup[] = (["generic", "number", "string", "array", "object", "applicators"] as const).map((name) => Checker.prototype[name] as KeywordGroup);

/** Records an issue (when issues are kept) and answers false. */
function fail(issues: Issues, path: Path, message: string): false {
  issues?.push({ path, message });
  return false;
}

function matchesType(type: unknown, value: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "string":
      return typeof value === "string";
    default:
      return true; // no JSON type: decides nothing
  }
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return Number.isInteger(value) ? "integer" : typeof value;
}

/** JSON equality: the same type and value, objects with the same keys whatever their order. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => hasOwn(b, key) && equal(a[key], b[key]));
}

/** The value a local JSON Pointer (`#/$defs/address`, percent-encoded in the URI fragment) names. */
function pointer(root: unknown, fragment: string): unknown {
  let at: unknown = root;
  for (const raw of fragment.split("/")) {
    let token: string;
    try {
      token = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (typeof at !== "object" || at === null || !hasOwn(at, token)) return undefined;
    at = (at as { [key: string]: unknown })[token];
  }
  return at;
}

/** Keywords whose values are data, not schemas: no anchor is looked for in them. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

/** Every `$anchor` of the document, by name. */
function collectAnchors(node: unknown, anchors: Map<string, unknown>, seen: Set<object>): void {
  if (typeof node !== "object" || node === null || seen.has(node)) return;
  seen.add(node);
  if (isObject(node) && typeof node["$anchor"] === "string" && !anchors.has(node["$anchor"])) anchors.set(node["$anchor"], node);
  for (const [key, child] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) collectAnchors(child, anchors, seen);
}
