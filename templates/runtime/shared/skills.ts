// What both sides of the Skills extension (SEP-2640, `io.modelcontextprotocol/skills`) agree on:
// the shape of a skill entry and its checks, the `sha256:` digest, the skill URI's parts, and the
// bounds a skill is held to. There is no schema.ts for Skills upstream, so the entry's shape is
// checked here, by hand, following the SEP and the conformance suite's reading of it (`resources`
// as `{uri, digest, size}` triples, or "dynamic").
import { parseFrontmatter, type Json } from "./frontmatter.js";

export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";
export const SKILL_FILE = "SKILL.md";
export const DIRECTORY_MIME_TYPE = "inode/directory";

/**
 * The bounds of one skill, on both sides (docs/security.md): what a server serves and what a
 * client accepts. The first two are the SEP's own ceilings (a server SHOULD NOT exceed them).
 */
export const SKILL_LIMITS: { readonly maxFiles: number; readonly maxBytes: number; readonly directoryPage: number; readonly listPage: number } = {
  /** Files of one skill (entries of its `resources`, SKILL.md included). */
  maxFiles: 512,
  /** Bytes of one skill, summed over its files: no file, and no digest's input, is larger. */
  maxBytes: 16 * 1024 * 1024,
  /** Children of a directory in one `resources/directory/read` page. */
  directoryPage: 100,
  /** Entries in one `skills/list` page. */
  listPage: 100,
};

export interface SkillResourceEntry {
  uri: string;
  /** `sha256:` and 64 lowercase hex digits: the SHA-256 of the file's raw bytes. */
  digest: string;
  /** The file's length in bytes (the bytes the digest covers). */
  size: number;
}

export interface SkillFrontmatter {
  name: string;
  description: string;
  [field: string]: Json;
}

/** One skill as `skills/list` and `skills/get` carry it. */
export interface SkillEntry {
  /** The URI of the skill's SKILL.md. */
  uri: string;
  /** The SKILL.md frontmatter, verbatim, as JSON. */
  frontmatter: SkillFrontmatter;
  /** Every file of the skill with its digest and size, or "dynamic" (content that cannot be digested ahead). */
  resources?: SkillResourceEntry[] | "dynamic";
}

/** The Agent Skills naming rule: 1-64 of a-z, 0-9 and "-", no leading, trailing or double hyphen. */
export const SKILL_NAME: RegExp = /^(?!.*--)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** The skill's name as its URI says it (the segment before `/SKILL.md`), or undefined for another URI. */
export function skillNameOf(uri: string): string | undefined {
  const scheme = uri.indexOf("://");
  if (scheme < 0) return undefined;
  const segments = uri.slice(scheme + 3).split("/");
  return segments.length >= 2 && segments[segments.length - 1] === SKILL_FILE ? segments[segments.length - 2] : undefined;
}

/** The skill's root directory URI (its SKILL.md URI without `/SKILL.md`). */
export function skillRootOf(uri: string): string {
  return uri.endsWith(`/${SKILL_FILE}`) ? uri.slice(0, -SKILL_FILE.length - 1) : uri;
}

/** `sha256:<hex>` of bytes (WebCrypto: every runtime the generated code runs on has it). */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  let hex = "";
  for (const byte of hash) hex += byte.toString(16).padStart(2, "0");
  return `sha256:${hex}`;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const isObject = (value: unknown): value is { [key: string]: unknown } => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What is wrong with a skill entry (empty when nothing is): the required fields, the name in the
 * URI, a complete and bounded `resources` set inside the skill's directory.
 */
export function entryProblems(entry: unknown): string[] {
  if (!isObject(entry)) return ["the entry is not an object"];
  const problems: string[] = [];
  const { uri, frontmatter, resources } = entry;
  if (typeof uri !== "string" || uri === "") return ["uri is missing or not a string"];
  if (!isObject(frontmatter)) problems.push("frontmatter is missing or not an object");
  else {
    for (const field of ["name", "description"]) if (typeof frontmatter[field] !== "string" || frontmatter[field] === "") problems.push(`frontmatter.${field} is missing or empty`);
    const name = skillNameOf(uri);
    if (name === undefined) problems.push(`${uri} does not end in /${SKILL_FILE}`);
    else if (name !== frontmatter["name"]) problems.push(`the URI names the skill "${name}", its frontmatter ${JSON.stringify(frontmatter["name"])}`);
  }
  if (resources !== undefined && resources !== "dynamic") problems.push(...resourcesProblems(uri, resources));
  return problems;
}

function resourcesProblems(uri: string, resources: unknown): string[] {
  if (!Array.isArray(resources)) return [`resources is ${JSON.stringify(resources)}, neither an array nor "dynamic"`];
  if (resources.length > SKILL_LIMITS.maxFiles) return [`resources lists ${resources.length} files, over the bound of ${SKILL_LIMITS.maxFiles}`];
  const problems: string[] = [];
  const root = `${skillRootOf(uri)}/`;
  const seen = new Set<string>();
  let total = 0;
  resources.forEach((file: unknown, i) => {
    const at = `resources[${i}]`;
    if (!isObject(file) || typeof file["uri"] !== "string") return void problems.push(`${at}.uri is missing`);
    const fileUri = file["uri"];
    if (seen.has(fileUri)) problems.push(`${at}: ${fileUri} is listed twice`);
    seen.add(fileUri);
    if (fileUri !== uri && !fileUri.startsWith(root)) problems.push(`${at}: ${fileUri} is outside the skill's directory`);
    if (typeof file["digest"] !== "string" || !DIGEST.test(file["digest"])) problems.push(`${at}: the digest is not sha256: and 64 lowercase hex digits`);
    const size = file["size"];
    if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) problems.push(`${at}: the size is not a non-negative integer`);
    else total += size;
  });
  if (!seen.has(uri)) problems.push(`resources has no entry for the skill's own ${SKILL_FILE}`);
  if (total > SKILL_LIMITS.maxBytes) problems.push(`the skill's files add up to ${total} bytes, over the bound of ${SKILL_LIMITS.maxBytes}`);
  return problems;
}

/** The entry of a skill's files, as a server computes it: digests and sizes of the bytes it serves. */
export async function entryOf(uri: string, text: string, files: ReadonlyArray<{ uri: string; bytes: Uint8Array }>): Promise<SkillEntry> {
  const frontmatter = parseFrontmatter(text) as SkillFrontmatter;
  const resources = await Promise.all(files.map(async (file) => ({ uri: file.uri, digest: await sha256Digest(file.bytes), size: file.bytes.length })));
  return { uri, frontmatter, resources };
}

/** Two JSON values alike (mapping keys in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}
