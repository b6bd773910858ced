// One JSON Schema document (a tool's inputSchema, say): its dialect, and how its `$ref`s resolve.
// Only references inside the document are followed (JSON pointers, `$anchor`s, the document's own
// `$id`); anything else is reported by the caller and widened.

export type JsonObject = { [key: string]: unknown };

/**
 * How keywords are read where the drafts differ: `draft-07` (also draft-04/06) ignores the siblings
 * of `$ref` and writes tuples as `items: [...]` + `additionalItems`; `2020-12` (also 2019-09)
 * applies `$ref`'s siblings and writes tuples as `prefixItems` + `items`.
 */
export type Dialect = "draft-07" | "2020-12";

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The dialect a `$schema` names, else the fallback. */
export function dialectOf(schema: unknown, fallback: Dialect): Dialect {
  const declared = isObject(schema) && typeof schema["$schema"] === "string" ? schema["$schema"] : "";
  if (/draft-0[3-7]/.test(declared)) return "draft-07";
  if (/2019-09|2020-12/.test(declared)) return "2020-12";
  return fallback;
}

/** A JSON pointer's tokens (RFC 6901), from a fragment such as `/$defs/a~1b`. */
export function pointerTokens(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  return base + tokens.map((t) => `/${String(t).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** The value at a pointer inside `root`, or undefined. Own keys only (`__proto__` is data). */
export function valueAt(root: unknown, pointer: string): unknown {
  const tokens = pointerTokens(pointer);
  if (!tokens) return undefined;
  let current: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(token)) current = current[Number(token)];
    else if (isObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return current;
}

/** Keywords whose values are JSON data, not schemas (an `$anchor` inside them means nothing). */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

export class SchemaDocument {
  readonly root: unknown;
  readonly dialect: Dialect;
  private readonly anchors = new Map<string, string>();
  private readonly id: string | undefined;

  constructor(root: unknown, fallback: Dialect) {
    this.root = root;
    this.dialect = dialectOf(root, fallback);
    this.id = isObject(root) && typeof root["$id"] === "string" ? stripFragment(root["$id"]) : undefined;
    this.indexAnchors();
  }

  /**
   * The pointer (inside this document) a `$ref` names, or undefined when it leaves the document
   * or names nothing. `#/…` pointers, `#name` anchors, and the document's own `$id` are understood.
   */
  resolve(ref: string): string | undefined {
    const hash = ref.indexOf("#");
    const base = hash < 0 ? ref : ref.slice(0, hash);
    if (base !== "" && base !== this.id) return undefined;
    let fragment = hash < 0 ? "" : ref.slice(hash + 1);
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      return undefined;
    }
    const pointer = fragment === "" || fragment.startsWith("/") ? fragment : this.anchors.get(fragment);
    return pointer !== undefined && valueAt(this.root, pointer) !== undefined ? pointer : undefined;
  }

  /** `$anchor` (2019-09 and later) and fragment-only `$id`s (draft-07), iteratively: documents may be deep. */
  private indexAnchors(): void {
    const stack: Array<{ value: unknown; pointer: string }> = [{ value: this.root, pointer: "" }];
    let visited = 0;
    while (stack.length && visited++ < 100_000) {
      const { value, pointer } = stack.pop()!;
      if (Array.isArray(value)) {
        value.forEach((item, i) => stack.push({ value: item, pointer: joinPointer(pointer, i) }));
        continue;
      }
      if (!isObject(value)) continue;
      const anchor = typeof value["$anchor"] === "string" ? value["$anchor"] : typeof value["$id"] === "string" && value["$id"].startsWith("#") ? value["$id"].slice(1) : undefined;
      if (anchor && !this.anchors.has(anchor)) this.anchors.set(anchor, pointer);
      for (const key of Object.keys(value)) if (!DATA_KEYWORDS.has(key)) stack.push({ value: value[key], pointer: joinPointer(pointer, key) });
    }
  }
}

function stripFragment(id: string): string {
  const hash = id.indexOf("#");
  return hash < 0 ? id : id.slice(0, hash);
}
