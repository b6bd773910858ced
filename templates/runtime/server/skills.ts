// The server side of the Skills extension (SEP-2640): skills given as files (in code, or read
// from a folder by skills-folder.ts) become `skill://<skill-path>/<file>` resources (SKILL.md with
// its frontmatter's name and description), the entries of `skills/list` and `skills/get` (each
// file's SHA-256 digest and size, computed once, on first use), and the directory listings of
// `resources/directory/read`. Everything is checked when the skills are built: a skill that
// breaks the SEP's rules or the bounds (SKILL_LIMITS) is refused then, by name, not served half-way.
import { resource, type ResourceDefinition } from "./define.js";
import { JSONRPC, ProtocolError } from "../shared/messages.js";
import { FrontmatterError, parseFrontmatter } from "../shared/frontmatter.js";
import { DIRECTORY_MIME_TYPE, SKILL_FILE, SKILL_LIMITS, SKILL_NAME, sha256Digest, utf8, type SkillEntry, type SkillFrontmatter } from "../shared/skills.js";
import type { ExtensionCall, ExtensionHandler, ServerExtension } from "./extension.js";
import { SKILLS_SCHEMA } from "./skills-schema.js";

/** One file of a skill: its path in the skill (`references/GUIDE.md`) and its content. */
export interface SkillFileSource {
  path: string;
  content: string | Uint8Array;
  /** Default: from the file's extension (text/markdown for .md…, application/octet-stream otherwise). */
  mimeType?: string;
}

/** One skill: where it sits in the namespace and its files, SKILL.md among them. */
export interface SkillSource {
  /** `git-workflow` or `acme/billing/refunds`: the last segment is the skill's name (its frontmatter's `name`). */
  path: string;
  files: readonly SkillFileSource[];
  /** Left out of `skills/list`; still answered by `skills/get` and readable by URI. */
  unlisted?: boolean;
}

export interface SkillsOptions {
  skills: readonly SkillSource[];
  /** Serve `resources/directory/read` and declare `directoryRead` (default true). */
  directoryRead?: boolean;
  /** The URI scheme (default "skill"). */
  scheme?: string;
  /** The list-caching attributes of `skills/list` and `skills/get` results (default ttlMs 0, private). */
  cache?: { ttlMs: number; cacheScope: "public" | "private" };
}

/**
 * The skills as an extension of createServer (`extensions: [skills]`) with the resources of their
 * files (`resources: [...skills.resources]`): both are needed, the resources are read through the
 * server's own resources/read.
 */
export interface SkillsExtension extends ServerExtension {
  readonly capability: { directoryRead?: true };
  readonly resources: readonly ResourceDefinition[];
  /** The entries of every skill served (listed or not), with digests (computed once, on first use). */
  entries(): Promise<readonly SkillEntry[]>;
}

interface BuiltFile {
  uri: string;
  path: string;
  bytes: Uint8Array;
  text: string | undefined;
  mimeType: string;
}

interface BuiltSkill {
  uri: string;
  frontmatter: SkillFrontmatter;
  files: BuiltFile[];
  listed: boolean;
}

const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._~!$&'()*+,;=:@-]+$/;

/**
 * Checks the skills (paths, names, bounds, each SKILL.md's frontmatter: a TypeError names the
 * skill and the file) and builds what serves them. Digests are computed on the first skills/list
 * or skills/get, once (WebCrypto is asynchronous; this stays a plain call for createServer).
 */
export function serveSkills(options: SkillsOptions): SkillsExtension {
  const scheme = options.scheme ?? "skill";
  const cache = options.cache ?? { ttlMs: 0, cacheScope: "private" as const };
  const skills = options.skills.map((skill) => buildSkill(scheme, skill));
  const files = new Map<string, BuiltFile>();
  for (const skill of skills) {
    if (skills.filter((other) => other.uri === skill.uri).length > 1) throw new TypeError(`skill ${skill.uri}: served twice`);
    for (const file of skill.files) {
      const known = files.get(file.uri);
      if (known && !sameBytes(known.bytes, file.bytes)) throw new TypeError(`skill ${skill.uri}: ${file.uri} is also a file of another skill, with other content`);
      files.set(file.uri, file);
    }
  }
  let entries: Promise<SkillEntry[]> | undefined;
  const entriesOf = () => (entries ??= Promise.all(skills.map(entryOf)));
  const methods: { [method: string]: Own } = {
    "skills/list": own(async (params) => {
      const all = await entriesOf();
      const { items, nextCursor } = page(all.filter((_, i) => skills[i]!.listed), params, SKILL_LIMITS.listPage);
      return { skills: items, ...(nextCursor === undefined ? {} : { nextCursor }), ...cache };
    }),
    "skills/get": own(async (params) => {
      const uri = uriParam(params);
      const entry = (await entriesOf()).find((e) => e.uri === uri);
      if (!entry) throw new ProtocolError(JSONRPC.invalidParams, `Unknown skill: ${uri} is not the SKILL.md of a skill this server serves`, { uri });
      return { skill: entry, ...cache };
    }),
  };
  const directoryRead = options.directoryRead ?? true;
  if (directoryRead) methods["resources/directory/read"] = own(directoryReader(scheme, [...files.values()]));
  const resources = [...files.values()].map((file) => fileResource(file, skills));
  return Object.freeze({ schema: SKILLS_SCHEMA, capability: directoryRead ? { directoryRead: true as const } : {}, eras: ["stateless", "session"] as const, methods, resources, entries: entriesOf });
}

type Own = { handle: ExtensionHandler; gated: boolean };

/**
 * Not gated: SEP-2640 gates these calls on the server's declaration, not the client's (a client
 * sends them after seeing it), and the conformance suite's client declares no extension.
 */
const own = (handle: (params: unknown, call: ExtensionCall) => unknown): Own => ({ handle: (params, _ctx, call) => handle(params, call), gated: false });

async function entryOf(skill: BuiltSkill): Promise<SkillEntry> {
  const resources = await Promise.all(skill.files.map(async (f) => ({ uri: f.uri, digest: await sha256Digest(f.bytes), size: f.bytes.length })));
  return { uri: skill.uri, frontmatter: skill.frontmatter, resources };
}

/**
 * `resources/directory/read` has `resources/list`'s contract (SEP-2640): where the revision's list
 * result requires caching hints (2026-07-28: ttlMs, cacheScope), it carries the conservative ones.
 */
function directoryReader(scheme: string, files: readonly BuiltFile[]): (params: unknown, call: ExtensionCall) => unknown {
  const directories = directoriesOf(scheme, files);
  return (params, call) => {
    const required = call.binding.results?.["resources/list"]?.required ?? [];
    const hints = required.includes("ttlMs") ? { ttlMs: 0, cacheScope: "private" } : {};
    const uri = uriParam(params);
    const children = directories.get(uri);
    if (!children) throw new ProtocolError(JSONRPC.invalidParams, `Not a directory: ${uri} is not a directory resource this server serves`, { uri });
    const { items, nextCursor } = page(children, params, SKILL_LIMITS.directoryPage);
    return { resources: items, ...(nextCursor === undefined ? {} : { nextCursor }), ...hints };
  };
}

/** A skill's files checked (paths, bounds, SKILL.md's frontmatter). */
function buildSkill(scheme: string, skill: SkillSource): BuiltSkill {
  const what = `skill ${JSON.stringify(skill.path)}`;
  const segments = skill.path.split("/");
  if (!segments.every((s) => SEGMENT.test(s))) throw new TypeError(`${what}: a skill path is "/"-separated URI segments (no empty, "." or ".." segment)`);
  const name = segments[segments.length - 1]!;
  if (!SKILL_NAME.test(name)) throw new TypeError(`${what}: the name "${name}" breaks the Agent Skills naming rule (1-64 of a-z, 0-9 and "-", no leading, trailing or double "-")`);
  if (skill.files.length > SKILL_LIMITS.maxFiles) throw new TypeError(`${what}: ${skill.files.length} files, over the bound of ${SKILL_LIMITS.maxFiles}`);
  const root = `${scheme}://${skill.path}`;
  let total = 0;
  const files = skill.files.map((file): BuiltFile => {
    if (!file.path.split("/").every((s) => SEGMENT.test(s))) throw new TypeError(`${what}: the file path ${JSON.stringify(file.path)} is not a relative "/"-separated path inside the skill`);
    const bytes = typeof file.content === "string" ? utf8(file.content) : file.content;
    total += bytes.length;
    if (total > SKILL_LIMITS.maxBytes) throw new TypeError(`${what}: its files are over the bound of ${SKILL_LIMITS.maxBytes} bytes (at ${file.path})`);
    const mimeType = file.mimeType ?? mimeTypeOf(file.path);
    return { uri: `${root}/${file.path}`, path: file.path, bytes, text: textOf(file.content, bytes, mimeType), mimeType };
  });
  if (new Set(files.map((f) => f.uri)).size !== files.length) throw new TypeError(`${what}: a file is given twice`);
  const manifest = files.find((f) => f.path === SKILL_FILE);
  if (manifest?.text === undefined) throw new TypeError(`${what}: it has no ${SKILL_FILE} (as text) at its root`);
  return { uri: manifest.uri, frontmatter: frontmatterOf(what, manifest.text, name), files, listed: !skill.unlisted };
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

function frontmatterOf(what: string, text: string, name: string): SkillFrontmatter {
  let frontmatter;
  try {
    frontmatter = parseFrontmatter(text);
  } catch (error) {
    if (error instanceof FrontmatterError) throw new TypeError(`${what}: ${SKILL_FILE}: ${error.message}`);
    throw error;
  }
  for (const field of ["name", "description"]) if (typeof frontmatter[field] !== "string" || frontmatter[field] === "") throw new TypeError(`${what}: ${SKILL_FILE}'s frontmatter has no ${field}`);
  if (frontmatter["name"] !== name) throw new TypeError(`${what}: ${SKILL_FILE} names the skill ${JSON.stringify(frontmatter["name"])}; the last segment of its path must be that name`);
  return frontmatter as SkillFrontmatter;
}

/** The resource of a file; a SKILL.md takes its name and description from its skill's frontmatter. */
function fileResource(file: BuiltFile, skills: readonly BuiltSkill[]): ResourceDefinition {
  const entry = skills.find((e) => e.uri === file.uri);
  const info = entry ? { name: entry.frontmatter.name, description: entry.frontmatter.description } : { name: file.path };
  // A blob's base64 is made on its first read, not for every file when the server starts.
  let blob: string | undefined;
  const contents = () => (file.text !== undefined ? { text: file.text } : { blob: (blob ??= base64(file.bytes)) });
  return resource(file.uri, { ...info, mimeType: file.mimeType, size: file.bytes.length }, () => ({ contents: [{ uri: file.uri, mimeType: file.mimeType, ...contents() }] }));
}

/** Every directory of the served files (skill roots and their subdirectories, and the prefixes above them) and its direct children. */
function directoriesOf(scheme: string, files: readonly BuiltFile[]): Map<string, Array<{ uri: string; name: string; mimeType: string; size?: number }>> {
  const directories = new Map<string, Map<string, { uri: string; name: string; mimeType: string; size?: number }>>();
  const childrenOf = (dir: string) => directories.get(dir) ?? directories.set(dir, new Map()).get(dir)!;
  const prefix = `${scheme}://`;
  for (const file of files) {
    const segments = file.uri.slice(prefix.length).split("/");
    for (let depth = 1; depth < segments.length; depth++) {
      const dir = prefix + segments.slice(0, depth).join("/");
      const name = segments[depth]!;
      const uri = `${dir}/${name}`;
      const isFile = depth === segments.length - 1;
      childrenOf(dir).set(uri, isFile ? { uri, name, mimeType: file.mimeType, size: file.bytes.length } : { uri, name, mimeType: DIRECTORY_MIME_TYPE });
    }
  }
  return new Map([...directories].map(([dir, children]) => [dir, [...children.values()].sort((a, b) => (a.uri < b.uri ? -1 : 1))]));
}

function uriParam(params: unknown): string {
  const uri = (params as { uri?: unknown } | null)?.uri;
  if (typeof uri !== "string") throw new ProtocolError(JSONRPC.invalidParams, "Invalid params: uri must be a string");
  return uri;
}

/** One page of a list: the cursor is the offset of its first item, as this server wrote it. */
function page<T>(items: readonly T[], params: unknown, size: number): { items: T[]; nextCursor: string | undefined } {
  const cursor = (params as { cursor?: unknown } | null)?.cursor;
  const start = cursor === undefined ? 0 : typeof cursor === "string" && /^(0|[1-9][0-9]{0,8})$/.test(cursor) ? Number(cursor) : -1;
  if (start < 0 || start > items.length) throw new ProtocolError(JSONRPC.invalidParams, `Invalid params: ${JSON.stringify(cursor)} is not a cursor of this list`);
  const end = Math.min(items.length, start + size);
  return { items: items.slice(start, end), nextCursor: end < items.length ? String(end) : undefined };
}

const MIME_TYPES: { [extension: string]: string } = {
  md: "text/markdown",
  txt: "text/plain",
  py: "text/x-python",
  sh: "text/x-shellscript",
  js: "text/javascript",
  ts: "text/x-typescript",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  html: "text/html",
  csv: "text/csv",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  pdf: "application/pdf",
};

function mimeTypeOf(path: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return (extension !== undefined && Object.hasOwn(MIME_TYPES, extension) ? MIME_TYPES[extension] : undefined) ?? "application/octet-stream";
}

/** The text of a file served as text (given as a string, or text-typed bytes that are UTF-8); undefined: served as a blob. */
function textOf(content: string | Uint8Array, bytes: Uint8Array, mimeType: string): string | undefined {
  if (typeof content === "string") return content;
  if (!/^text\/|^application\/(?:json|yaml)$/.test(mimeType)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
