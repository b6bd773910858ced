import type { Property, TypeNode } from "../model/types.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A type as one line, for reports: no doc comments, no line breaks. Numbers print as the wire
 * sees them (`integer` for a bare `number` under upstream's convention, else `number`).
 */
export function typeText(type: TypeNode): string {
  switch (type.kind) {
    case "string":
    case "boolean":
    case "null":
      return type.kind;
    case "number":
      return type.integer ? "integer" : "number";
    case "unknown":
      return type.any ? "any" : "unknown";
    case "nonPrimitive":
      return "object";
    case "never":
      return "never";
    case "literal":
      return JSON.stringify(type.value);
    case "ref":
      return type.name;
    case "array":
      return type.items.kind === "union" ? `(${typeText(type.items)})[]` : `${typeText(type.items)}[]`;
    case "union":
      return type.members.map(typeText).join(" | ");
    case "object":
      return objectText(type.properties, type.indexSignature);
  }
}

function objectText(properties: Property[], index: TypeNode | undefined): string {
  const members = properties.map((p) => `${propertyKey(p.name)}${p.optional ? "?" : ""}: ${typeText(p.type)}`);
  if (index) members.push(`[key: string]: ${typeText(index)}`);
  return members.length ? `{ ${members.join("; ")} }` : "{}";
}

function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/**
 * A markdown code span holding `text` verbatim: the fence is one backtick longer than the
 * longest run inside, padded with spaces when the text starts or ends with a backtick (or a
 * space), as CommonMark requires. Plain text readers see the usual `x`.
 */
export function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** `a`, `b` and `c`: a readable list of code spans. */
export function codeList(items: string[]): string {
  const spans = items.map(code);
  return spans.length > 1 ? `${spans.slice(0, -1).join(", ")} and ${spans.at(-1)}` : (spans[0] ?? "");
}

/** "x and y" / "x, y and z". */
export function wordList(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");
}
