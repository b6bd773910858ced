// The Streamable HTTP transport's mirrored headers: `Mcp-Name` and `Mcp-Param-{name}` values
// (plain ASCII or the `=?base64?…?=` sentinel form) and the `x-mcp-header` annotations of a
// tool's inputSchema that say which parameters are mirrored. Used by clients (to send) and
// servers (to check that headers match the body).
import { PARAM_HEADER_KEYWORD } from "./protocol.js";

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A header value a field may carry as it is: visible ASCII, inner spaces/tabs, no edge whitespace. */
function isPlainHeaderValue(value: string): boolean {
  if (value !== value.trim()) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 0x21 && c <= 0x7e) || c === 0x20 || c === 0x09)) return false;
  }
  return true;
}

/** UTF-8 bytes as base64, with web-standard APIs only (runs on Node, Deno, Bun and Workers). */
function base64OfUtf8(value: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header form of a value: as it is when plain ASCII, else `=?base64?<utf-8 base64>?=`. */
export function encodeHeaderValue(value: string): string {
  if (isPlainHeaderValue(value) && !SENTINEL.test(value)) return value;
  return `=?base64?${base64OfUtf8(value)}?=`;
}

/** The value a header carries, decoding the sentinel form; undefined when malformed. */
export function decodeHeaderValue(raw: string): string | undefined {
  const match = SENTINEL.exec(raw);
  if (!match) return isPlainHeaderValue(raw) ? raw : undefined;
  const encoded = match[1]!;
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(encoded)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A mirrored parameter: the header name part and the property path in the call's arguments. */
export interface ParamHeader {
  name: string;
  path: string[];
  type: "string" | "integer" | "boolean";
}

export type ParamHeaders = { ok: true; headers: ParamHeader[] } | { ok: false; reason: string };

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The `x-mcp-header` annotations of an inputSchema, or why they make the tool invalid: each must
 * sit on a property reached from the root through `properties` keys only, name a non-empty HTTP
 * token unique (case-insensitively) in the schema, on a string, integer or boolean property.
 */
export function paramHeadersOf(inputSchema: unknown): ParamHeaders {
  const headers: ParamHeader[] = [];
  const placed = new Set<unknown>();
  const stack: Array<{ schema: unknown; path: string[] }> = [{ schema: inputSchema, path: [] }];
  while (stack.length) {
    const { schema, path } = stack.pop()!;
    if (!isSchema(schema) || !isSchema(schema["properties"])) continue;
    for (const [key, property] of Object.entries(schema["properties"])) {
      if (!isSchema(property)) continue;
      const at = [...path, key];
      if (Object.hasOwn(property, PARAM_HEADER_KEYWORD)) {
        const found = annotation(property, at);
        if (typeof found === "string") return { ok: false, reason: found };
        headers.push(found);
        placed.add(property);
      }
      stack.push({ schema: property, path: at });
    }
  }
  const stray = strayAnnotation(inputSchema, placed);
  if (stray) return { ok: false, reason: `${PARAM_HEADER_KEYWORD} at ${stray} is not on a property reached through "properties" only` };
  const seen = new Set<string>();
  for (const header of headers) {
    const key = header.name.toLowerCase();
    if (seen.has(key)) return { ok: false, reason: `${PARAM_HEADER_KEYWORD} "${header.name}" is used twice (names are case-insensitive)` };
    seen.add(key);
  }
  return { ok: true, headers };
}

function annotation(property: Schema, path: string[]): ParamHeader | string {
  const name = property[PARAM_HEADER_KEYWORD];
  const where = path.join(".");
  if (typeof name !== "string" || !TOKEN.test(name)) return `${PARAM_HEADER_KEYWORD} of "${where}" must be a non-empty HTTP token, found ${JSON.stringify(name)}`;
  const type = property["type"];
  if (type !== "string" && type !== "integer" && type !== "boolean") {
    return `${PARAM_HEADER_KEYWORD} "${name}" is on "${where}" of type ${JSON.stringify(type)}: only string, integer and boolean parameters may be mirrored`;
  }
  return { name, path, type };
}

/** The JSON path of an `x-mcp-header` anywhere in the schema that is not a placed annotation. */
function strayAnnotation(root: unknown, placed: Set<unknown>): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: "#" }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (!Array.isArray(value) && Object.hasOwn(value, PARAM_HEADER_KEYWORD) && !placed.has(value)) return path;
    for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: `${path}/${key}` });
  }
  return undefined;
}

/** The header text of an argument value, undefined when absent or null (the header is omitted). */
export function paramValueText(value: unknown, type: ParamHeader["type"]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (type === "string" && typeof value === "string") return value;
  if (type === "boolean" && typeof value === "boolean") return value ? "true" : "false";
  if (type === "integer" && typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** The argument at a property path (undefined when a step is missing). */
export function valueAt(args: unknown, path: string[]): unknown {
  let current = args;
  for (const key of path) {
    if (!isSchema(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * True when a received header text stands for the body value: strings exactly, booleans as
 * `true`/`false`, integers numerically (`42.0` equals `42`).
 */
export function headerMatchesValue(text: string, value: unknown, type: ParamHeader["type"]): boolean {
  if (type === "integer") return typeof value === "number" && /^-?\d+(\.0*)?$/.test(text) && Number(text) === value;
  if (type === "boolean") return typeof value === "boolean" && text === String(value);
  return typeof value === "string" && text === value;
}
