// The client side of the Skills extension (SEP-2640): list, get and read the skills a server
// serves, over any generated client. Nothing is read ahead: `list` and `get` fetch entries only;
// a skill's SKILL.md is read when it is loaded, a supporting file when it is asked for. Every file
// read is verified against the entry it belongs to, before anything of it is returned: listed in
// `resources`, the size (checked before any hashing, so no digest reads more than the entry
// declared), the SHA-256 digest, and for SKILL.md its frontmatter, field by field, against the
// entry's. A failure is a ClientError of kind "verification", and the content is not returned.
import { ClientError } from "./errors.js";
import { DEFAULT_MAX_PAGES, type ServerSnapshot } from "./core.js";
import type { RequestOptions } from "./channel.js";
import { FrontmatterError, parseFrontmatter, splitFrontmatter, type Json } from "../shared/frontmatter.js";
import { SKILLS_EXTENSION, entryProblems, sameJson, sha256Digest, skillRootOf, utf8, type SkillEntry, type SkillFrontmatter, type SkillResourceEntry } from "../shared/skills.js";

export { SKILLS_EXTENSION, SKILL_LIMITS, type SkillEntry, type SkillFrontmatter, type SkillResourceEntry } from "../shared/skills.js";

/** What the skills client needs of a generated client (every one has it; extension methods go through `request`). */
export interface SkillsHost {
  request(method: never, params: never, options?: RequestOptions): Promise<unknown>;
  open(options?: RequestOptions): Promise<ServerSnapshot>;
}

export interface SkillsClientOptions {
  /** An entry of `skills/list` that fails its checks, left out of the listing (default: a warning). */
  onRejectedSkill?: (rejected: { uri: string; reason: string }) => void;
  /** Load skills whose entry has no digests (`resources` absent or "dynamic"): unverifiable content (default false: refused). */
  allowUnverified?: boolean;
  maxPages?: number;
  onWarning?: (message: string) => void;
}

/** A loaded skill: its SKILL.md, verified against the entry. */
export interface LoadedSkill {
  entry: SkillEntry;
  /** SKILL.md as read. */
  text: string;
  /** What follows the frontmatter. */
  body: string;
  /** False when the entry carried no digests and `allowUnverified` let it load. */
  verified: boolean;
}

/** A file of a skill, verified against its entry. */
export interface SkillFile {
  uri: string;
  bytes: Uint8Array;
  /** The text, when the server sent the file as text. */
  text?: string;
  mimeType?: string;
  verified: boolean;
}

/** A child of a directory resource (`mimeType` "inode/directory" for a subdirectory). */
export interface DirectoryChild {
  uri: string;
  name: string;
  mimeType?: string;
  [key: string]: unknown;
}

type Call = (method: string, params: unknown, options?: RequestOptions) => Promise<{ [key: string]: unknown }>;

export class SkillsClient {
  private readonly call: Call;

  constructor(
    private readonly host: SkillsHost,
    private readonly options: SkillsClientOptions = {},
  ) {
    this.call = host.request.bind(host) as unknown as Call;
  }

  /** The server's settings for the extension, or undefined when it does not declare it. */
  async declared(options?: RequestOptions): Promise<{ directoryRead: boolean } | undefined> {
    const extensions = (await this.host.open(options)).capabilities?.["extensions"] as { [key: string]: unknown } | undefined;
    const settings = extensions !== null && typeof extensions === "object" && Object.hasOwn(extensions, SKILLS_EXTENSION) ? extensions[SKILLS_EXTENSION] : undefined;
    if (settings === undefined) return undefined;
    return { directoryRead: (settings as { directoryRead?: unknown } | null)?.directoryRead === true };
  }

  /** Every entry of `skills/list`, across its pages; entries that fail their checks are left out and reported. */
  async list(options?: RequestOptions): Promise<SkillEntry[]> {
    await this.requireExtension(options);
    const out: SkillEntry[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= (this.options.maxPages ?? DEFAULT_MAX_PAGES)) throw new ClientError("pagination", `skills/list returned more than ${page} pages`);
      const result = await this.call("skills/list", cursor === undefined ? {} : { cursor }, options);
      const skills = Array.isArray(result["skills"]) ? (result["skills"] as unknown[]) : undefined;
      if (!skills) throw new ClientError("invalid-result", "skills/list returned no skills array", { detail: { result } });
      for (const entry of skills) {
        const problems = entryProblems(entry);
        if (problems.length === 0) out.push(entry as SkillEntry);
        else this.reject(entry, problems);
      }
      const next = result["nextCursor"];
      if (typeof next !== "string") return out;
      if (seen.has(next)) throw new ClientError("pagination", `skills/list returned the cursor ${JSON.stringify(next)} twice`);
      seen.add(next);
      cursor = next;
    }
  }

  /** The entry of one skill by the URI of its SKILL.md (listed or not). */
  async get(uri: string, options?: RequestOptions): Promise<SkillEntry> {
    await this.requireExtension(options);
    const result = await this.call("skills/get", { uri }, options);
    const entry = result["skill"];
    const problems = entryProblems(entry);
    if ((entry as { uri?: unknown } | undefined)?.uri !== uri) problems.unshift(`the entry is for ${JSON.stringify((entry as { uri?: unknown } | undefined)?.uri)}, not ${uri}`);
    if (problems.length) throw new ClientError("invalid-result", `skills/get ${uri}: ${problems.join("; ")}`, { detail: { result } });
    return entry as SkillEntry;
  }

  /** Reads a skill's SKILL.md (by entry, or by URI through `skills/get`) and verifies it: nothing else of the skill is read. */
  async load(skill: SkillEntry | string, options?: RequestOptions): Promise<LoadedSkill> {
    const entry = typeof skill === "string" ? await this.get(skill, options) : skill;
    const file = await this.readVerified(entry, entry.uri, options);
    const text = file.text ?? new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
    compareFrontmatter(entry, text);
    return { entry, text, body: splitFrontmatter(text)?.body ?? "", verified: file.verified };
  }

  /** Reads one file of a skill, by its path in the skill (`references/GUIDE.md`) or its URI, verified against the entry. */
  async readFile(entry: SkillEntry, path: string, options?: RequestOptions): Promise<SkillFile> {
    const uri = path.includes("://") ? path : `${skillRootOf(entry.uri)}/${path.replace(/^\.?\//, "")}`;
    return this.readVerified(entry, uri, options);
  }

  /** The children of a directory resource (`resources/directory/read`, every page); only on a server that declares `directoryRead`. */
  async readDirectory(uri: string, options?: RequestOptions): Promise<DirectoryChild[]> {
    if (!(await this.declared(options))?.directoryRead) throw new ClientError("version", `the server does not declare ${SKILLS_EXTENSION} with directoryRead: resources/directory/read is not sent`);
    const out: DirectoryChild[] = [];
    const seen = new Set<string>();
    for (let cursor: string | undefined, page = 0; ; page++) {
      if (page >= (this.options.maxPages ?? DEFAULT_MAX_PAGES)) throw new ClientError("pagination", `resources/directory/read returned more than ${page} pages`);
      const result = await this.call("resources/directory/read", cursor === undefined ? { uri } : { uri, cursor }, options);
      if (!Array.isArray(result["resources"])) throw new ClientError("invalid-result", "resources/directory/read returned no resources array", { detail: { result } });
      out.push(...(result["resources"] as DirectoryChild[]));
      const next = result["nextCursor"];
      if (typeof next !== "string") return out;
      if (seen.has(next)) throw new ClientError("pagination", `resources/directory/read returned the cursor ${JSON.stringify(next)} twice`);
      seen.add(next);
      cursor = next;
    }
  }

  private async requireExtension(options: RequestOptions | undefined): Promise<void> {
    if (!(await this.declared(options))) throw new ClientError("version", `the server does not declare the ${SKILLS_EXTENSION} extension: skills/list and skills/get are not sent`);
  }

  private reject(entry: unknown, problems: string[]): void {
    const uri = typeof (entry as { uri?: unknown } | null)?.uri === "string" ? (entry as { uri: string }).uri : "(no uri)";
    const rejected = { uri, reason: problems.join("; ") };
    if (this.options.onRejectedSkill) this.options.onRejectedSkill(rejected);
    else (this.options.onWarning ?? ((m: string) => console.warn(`[mcp client] ${m}`)))(`skills/list: left out ${uri}: ${rejected.reason}`);
  }

  /** `resources/read` of a file of the entry, checked before its content is returned. */
  private async readVerified(entry: SkillEntry, uri: string, options: RequestOptions | undefined): Promise<SkillFile> {
    const listed = Array.isArray(entry.resources) ? entry.resources : undefined;
    const expected = listed?.find((file) => file.uri === uri);
    if (!listed && !this.options.allowUnverified) throw failure(uri, `the entry of ${entry.uri} carries no digests (resources ${JSON.stringify(entry.resources ?? "absent")}): refused unverified (allowUnverified loads it)`);
    if (listed && !expected) throw failure(uri, `${uri} is not listed in the resources of ${entry.uri}`);
    if (!listed && !uri.startsWith(`${skillRootOf(entry.uri)}/`)) throw failure(uri, `${uri} is outside the skill's directory`);
    const result = await this.call("resources/read", { uri }, options);
    const contents = Array.isArray(result["contents"]) ? (result["contents"] as Array<{ uri?: unknown; text?: unknown; blob?: unknown; mimeType?: unknown }>) : [];
    const content = contents.find((c) => c.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
    if (!content) throw failure(uri, `resources/read returned no content for ${uri}`);
    const bytes = expected ? checkedBytes(uri, content, expected) : bytesOf(uri, content);
    if (expected) {
      const digest = await sha256Digest(bytes);
      if (digest !== expected.digest) throw failure(uri, `digest mismatch: the entry says ${expected.digest}, the content is ${digest}`);
    }
    return { uri, bytes, ...(typeof content.text === "string" ? { text: content.text } : {}), ...(typeof content.mimeType === "string" ? { mimeType: content.mimeType } : {}), verified: expected !== undefined };
  }
}

/** A skills client over a generated client (which must declare the extension in its capabilities to be served it). */
export function skillsClient(host: SkillsHost, options?: SkillsClientOptions): SkillsClient {
  return new SkillsClient(host, options);
}

function failure(uri: string, reason: string): ClientError {
  return new ClientError("verification", `skill file ${uri} failed verification: ${reason}`, { detail: { uri, reason } });
}

/** The content's bytes, its length held to the entry's size first: a string or blob too long for it is refused before it is encoded, decoded or hashed. */
function checkedBytes(uri: string, content: { text?: unknown; blob?: unknown }, expected: SkillResourceEntry): Uint8Array {
  // A string of n UTF-16 code units is at least n UTF-8 bytes; base64 is 4 characters per 3 bytes.
  const tooLong = typeof content.text === "string" ? content.text.length > expected.size : typeof content.blob === "string" && content.blob.length > Math.ceil(expected.size / 3) * 4 + 4;
  const bytes = tooLong ? undefined : bytesOf(uri, content);
  if (!bytes || bytes.length !== expected.size) throw failure(uri, `size mismatch: the entry says ${expected.size} bytes, the content is ${bytes ? bytes.length : "longer"}`);
  return bytes;
}

function bytesOf(uri: string, content: { text?: unknown; blob?: unknown }): Uint8Array {
  if (typeof content.text === "string") return utf8(content.text);
  if (typeof content.blob !== "string") throw failure(uri, "the content is neither text nor a blob");
  try {
    return Uint8Array.from(atob(content.blob), (c) => c.charCodeAt(0));
  } catch {
    throw failure(uri, "the blob is not base64");
  }
}

/** SKILL.md's frontmatter, field by field, against the entry's: any difference refuses the skill. */
function compareFrontmatter(entry: SkillEntry, text: string): void {
  let parsed: { [key: string]: Json };
  try {
    parsed = parseFrontmatter(text);
  } catch (error) {
    if (error instanceof FrontmatterError) throw failure(entry.uri, `its frontmatter cannot be read: ${error.message}`);
    throw error;
  }
  const given: SkillFrontmatter = entry.frontmatter;
  const fields = new Set([...Object.keys(parsed), ...Object.keys(given)]);
  const differing = [...fields].filter((field) => !sameJson(Object.hasOwn(parsed, field) ? parsed[field] : undefined, Object.hasOwn(given, field) ? given[field] : undefined));
  if (differing.length) throw failure(entry.uri, `its frontmatter differs from the entry's in ${differing.map((f) => JSON.stringify(f)).join(", ")}`);
}

