// The Skills extension (SEP-2640) in the runtime: the frontmatter parser (shared/frontmatter.ts),
// the entry checks and bounds (shared/skills.ts), serveSkills and skillFromFolder on the server,
// and the skills client over a generated client talking to a generated server in-process, in both
// eras: nothing read ahead, every read verified (listed, size before any hashing, digest,
// frontmatter), and the bounds held as counts and bytes.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_INFO, FakeTransport } from "../helpers/client.js";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { FrontmatterError, MAX_FRONTMATTER_BYTES, parseFrontmatter, parseYaml } from "../../templates/runtime/shared/frontmatter.js";
import { entryProblems, SKILL_LIMITS } from "../../templates/runtime/shared/skills.js";

let gen: any;
beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
});
afterEach(() => vi.restoreAllMocks());

const ID = "io.modelcontextprotocol/skills";
const SKILL_MD = "---\nname: pdf-tools\ndescription: Fill PDF forms\nmetadata:\n  version: \"2.1\"\n---\n\nUse references/FORMS.md.\n";
const FILES = [
  { path: "SKILL.md", content: SKILL_MD },
  { path: "references/FORMS.md", content: "Forms.\n" },
  { path: "templates/invoice.md", content: "Invoice {n}\n" },
];
const DIGEST = `sha256:${"0".repeat(64)}`;

describe("the frontmatter parser (a YAML subset, no dependency)", () => {
  it.each([
    ["name: a\ndescription: b c", { name: "a", description: "b c" }],
    ["a: >\n  one\n  two\n\n  three\nb: 1", { a: "one two\nthree\n", b: 1 }],
    ["a: |-\n  x\n   y\nb: true", { a: "x\n y", b: true }],
    ["a:\n  - x\n  - 'y''s' # note\nb: [1, \"t\", {c: d}]", { a: ["x", "y's"], b: [1, "t", { c: "d" }] }],
    ["a:\n- k: 1\n  j: ~\n- plain", { a: [{ k: 1, j: null }, "plain"] }],
    ["a: http://x/y#z\nb: 0x1F\nc: 1.5e3\nd: \"q\\tr\"", { a: "http://x/y#z", b: 31, c: 1500, d: "q\tr" }],
    ["a: long text\n  continued", { a: "long text continued" }],
  ])("%j", (yaml, expected) => {
    expect(parseYaml(yaml)).toEqual(expected);
  });

  it.each([
    ["a: &x 1", /line 1: anchors, aliases and tags/],
    ["a: 1\na: 2", /line 2: the key "a" appears twice/],
    ["a:\n\t- x", /line 2: a tab in indentation/],
    ["a: [1,\n  2]", /line 1, column/],
    ["a: \"open", /line 1: an unterminated double-quoted string/],
  ])("refuses %j, naming the line", (yaml, message) => {
    expect(() => parseYaml(yaml)).toThrow(message);
  });

  it(`reads at most ${MAX_FRONTMATTER_BYTES} bytes of YAML (counted in UTF-8 bytes, not characters)`, () => {
    const fill = (bytes: number) => `name: ab\ndescription: ${"é".repeat((bytes - 22) / 2)}`; // 22 bytes, then "é" is 2 bytes
    expect(new TextEncoder().encode(fill(MAX_FRONTMATTER_BYTES)).length).toBe(MAX_FRONTMATTER_BYTES);
    expect(parseFrontmatter(`---\n${fill(MAX_FRONTMATTER_BYTES)}\n---\n`)["name"]).toBe("ab");
    expect(() => parseFrontmatter(`---\n${fill(MAX_FRONTMATTER_BYTES + 2)}\n---\n`)).toThrow(FrontmatterError);
    expect(() => parseFrontmatter("no frontmatter")).toThrow(/does not begin with/);
  });
});

describe("skill entries and their bounds (shared/skills.ts)", () => {
  const entry = (count: number, size = 1) => ({
    uri: "skill://a/SKILL.md",
    frontmatter: { name: "a", description: "d" },
    resources: Array.from({ length: count }, (_, i) => ({ uri: i === 0 ? "skill://a/SKILL.md" : `skill://a/f${i}`, digest: DIGEST, size })),
  });

  it(`holds a skill to ${SKILL_LIMITS.maxFiles} files and ${SKILL_LIMITS.maxBytes} bytes`, () => {
    expect(SKILL_LIMITS).toMatchObject({ maxFiles: 512, maxBytes: 16 * 1024 * 1024 });
    expect(entryProblems(entry(512))).toEqual([]);
    expect(entryProblems(entry(513))).toEqual(["resources lists 513 files, over the bound of 512"]);
    expect(entryProblems(entry(2, 8 * 1024 * 1024))).toEqual([]);
    expect(entryProblems({ ...entry(2, 8 * 1024 * 1024), resources: [...entry(2, 8 * 1024 * 1024).resources.slice(0, 1), { uri: "skill://a/f1", digest: DIGEST, size: 8 * 1024 * 1024 + 1 }] })).toEqual([
      "the skill's files add up to 16777217 bytes, over the bound of 16777216",
    ]);
  });

  it("checks the name in the URI, a complete set inside the skill, digests and sizes", () => {
    expect(entryProblems({ ...entry(1), frontmatter: { name: "b", description: "d" } })).toEqual(['the URI names the skill "a", its frontmatter "b"']);
    expect(entryProblems({ ...entry(1), resources: [{ uri: "skill://b/x", digest: "sha256:AB", size: -1 }] })).toEqual([
      "resources[0]: skill://b/x is outside the skill's directory",
      "resources[0]: the digest is not sha256: and 64 lowercase hex digits",
      "resources[0]: the size is not a non-negative integer",
      "resources has no entry for the skill's own SKILL.md",
    ]);
    expect(entryProblems({ ...entry(1), resources: "dynamic" })).toEqual([]);
  });
});

describe("serveSkills refuses a skill that breaks the SEP or the bounds, by name", () => {
  const serve = (files: Array<{ path: string; content: string | Uint8Array }>, path = "pdf-tools") => () => gen.serveSkills({ skills: [{ path, files }] });

  it("counts files and bytes", () => {
    const many = [...FILES, ...Array.from({ length: 510 }, (_, i) => ({ path: `f/${i}.txt`, content: "x" }))];
    expect(many).toHaveLength(513);
    expect(serve(many.slice(0, 512))).not.toThrow();
    expect(serve(many)).toThrow('skill "pdf-tools": 513 files, over the bound of 512');
    const rest = SKILL_LIMITS.maxBytes - new TextEncoder().encode(SKILL_MD).length;
    expect(serve([FILES[0]!, { path: "big.bin", content: new Uint8Array(rest) }])).not.toThrow();
    expect(serve([FILES[0]!, { path: "big.bin", content: new Uint8Array(rest + 1) }])).toThrow(`skill "pdf-tools": its files are over the bound of ${SKILL_LIMITS.maxBytes} bytes (at big.bin)`);
  });

  it("checks paths, the name and SKILL.md", () => {
    expect(serve(FILES, "acme/pdf")).toThrow(`skill "acme/pdf": SKILL.md names the skill "pdf-tools"`);
    expect(serve(FILES, "PDF_Tools")).toThrow("breaks the Agent Skills naming rule");
    expect(serve([...FILES, { path: "../etc/passwd", content: "x" }])).toThrow('the file path "../etc/passwd" is not a relative');
    expect(serve(FILES.slice(1))).toThrow("it has no SKILL.md (as text) at its root");
    expect(serve([{ path: "SKILL.md", content: "---\nname: pdf-tools\n---\n" }])).toThrow("SKILL.md's frontmatter has no description");
  });
});

/** A generated client of `revision` wired to a generated server in-process; `tamper` may change what the server answers. */
function connected(revision: string, tamper: (message: any, response: any) => any = (_m, r) => r) {
  const skills = gen.serveSkills({ skills: [{ path: "pdf-tools", files: FILES }, { path: "acme/hidden", unlisted: true, files: [{ path: "SKILL.md", content: "---\nname: hidden\ndescription: Not listed\n---\n" }] }] });
  const server = gen.createServer({ serverInfo: { name: "skills-test", version: "1" }, resources: [...skills.resources], extensions: [skills] });
  const session = revision === "2025-11-25" ? server.createSession("s1") : undefined;
  const fake = new FakeTransport(async (message, transport) => {
    const response = await server.handle(message, session ? { session } : {});
    if (response) transport.deliver(tamper(message, response));
  });
  const ns = revision === "2025-11-25" ? gen.v2025_11_25 : gen.v2026_07_28;
  const client = ns.createClient(fake, { clientInfo: CLIENT_INFO, capabilities: { extensions: { [ID]: {} } } });
  return { fake, client, skills: ns.skillsClient(client), ns };
}

describe.each(["2026-07-28", "2025-11-25"])("the skills client against serveSkills (%s)", (revision) => {
  it("lists and gets entries without reading a file; loads SKILL.md verified; reads a listed file; lists a directory", async () => {
    const { fake, skills } = connected(revision);
    expect(await skills.declared()).toEqual({ directoryRead: true });
    const listed = await skills.list();
    expect(listed.map((e: any) => e.uri)).toEqual(["skill://pdf-tools/SKILL.md"]);
    expect(listed[0].frontmatter).toEqual({ name: "pdf-tools", description: "Fill PDF forms", metadata: { version: "2.1" } });
    expect((await skills.get("skill://acme/hidden/SKILL.md")).frontmatter.name).toBe("hidden");
    expect(fake.requests("resources/read")).toHaveLength(0); // no prefetch
    const loaded = await skills.load(listed[0]);
    expect(loaded).toMatchObject({ verified: true, body: "\nUse references/FORMS.md.\n" });
    expect(fake.requests("resources/read").map((m) => (m.params as any).uri)).toEqual(["skill://pdf-tools/SKILL.md"]);
    expect((await skills.readFile(listed[0], "references/FORMS.md")).text).toBe("Forms.\n");
    expect(await skills.readDirectory("skill://pdf-tools")).toEqual([
      { uri: "skill://pdf-tools/SKILL.md", name: "SKILL.md", mimeType: "text/markdown", size: new TextEncoder().encode(SKILL_MD).length },
      { uri: "skill://pdf-tools/references", name: "references", mimeType: "inode/directory" },
      { uri: "skill://pdf-tools/templates", name: "templates", mimeType: "inode/directory" },
    ]);
  });

  it("an unknown skill or directory is -32602", async () => {
    const { skills, ns } = connected(revision);
    await expect(skills.get("skill://nope/SKILL.md")).rejects.toSatisfy((e: unknown) => ns.isMcpError(e, -32602));
    await expect(skills.readDirectory("skill://pdf-tools/SKILL.md")).rejects.toSatisfy((e: unknown) => ns.isMcpError(e, -32602));
  });
});

describe("verification on read (2026-07-28)", () => {
  const textOf = (response: any, text: string) => ({ ...response, result: { ...response.result, contents: [{ ...response.result.contents[0], text }] } });
  const tampering = (text: string) => (message: any, response: any) => (message.method === "resources/read" ? textOf(response, text) : response);

  it("a file the entry does not list is refused before anything is sent", async () => {
    const { fake, skills } = connected("2026-07-28");
    const [entry] = await skills.list();
    await expect(skills.readFile(entry, "references/OTHER.md")).rejects.toThrow("skill://pdf-tools/references/OTHER.md is not listed in the resources of skill://pdf-tools/SKILL.md");
    expect(fake.requests("resources/read")).toHaveLength(0);
  });

  it("a read longer than the entry's size is refused without hashing it (no digest input beyond the declared size)", async () => {
    const { skills, ns } = connected("2026-07-28", tampering(SKILL_MD + "x".repeat(1 << 20)));
    const [entry] = await skills.list();
    const digest = vi.spyOn(globalThis.crypto.subtle, "digest");
    const error = await skills.load(entry).catch((e: unknown) => e);
    expect(ns.isClientError(error, "verification")).toBe(true);
    expect((error as Error).message).toContain(`size mismatch: the entry says ${new TextEncoder().encode(SKILL_MD).length} bytes, the content is longer`);
    expect(digest).not.toHaveBeenCalled();
  });

  it("same size, other bytes: a digest mismatch; same bytes as listed but other frontmatter: refused too", async () => {
    const swapped = SKILL_MD.replace("Fill", "Kill");
    const { skills } = connected("2026-07-28", tampering(swapped));
    const [entry] = await skills.list();
    await expect(skills.load(entry)).rejects.toThrow(/digest mismatch: the entry says sha256:[0-9a-f]{64}, the content is sha256:/);
    // The entry itself lies about the frontmatter (its digest matches the file): the field is named.
    const lying = { ...entry, frontmatter: { ...entry.frontmatter, description: "Something else" } };
    await expect(connected("2026-07-28").skills.load(lying)).rejects.toThrow('its frontmatter differs from the entry\'s in "description"');
  });

  it("an entry without digests is refused unless allowUnverified", async () => {
    const { client, ns } = connected("2026-07-28");
    const entry = { uri: "skill://pdf-tools/SKILL.md", frontmatter: { name: "pdf-tools", description: "Fill PDF forms", metadata: { version: "2.1" } }, resources: "dynamic" };
    await expect(ns.skillsClient(client).load(entry)).rejects.toThrow("carries no digests");
    expect((await ns.skillsClient(client, { allowUnverified: true }).load(entry)).verified).toBe(false);
  });
});

describe("skillFromFolder (Node)", () => {
  it("reads a skill's regular files (sorted), served like files in code; a symbolic link is refused by name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-gen-skill-"));
    const root = join(dir, "pdf-tools");
    mkdirSync(join(root, "references"), { recursive: true });
    mkdirSync(join(root, "templates"));
    for (const file of FILES) writeFileSync(join(root, file.path), file.content);
    const source = await gen.skillFromFolder(root);
    expect(source.path).toBe("pdf-tools");
    expect(source.files.map((f: any) => f.path)).toEqual(["SKILL.md", "references/FORMS.md", "templates/invoice.md"]);
    const fromFolder = await gen.serveSkills({ skills: [source] }).entries();
    const fromCode = await gen.serveSkills({ skills: [{ path: "pdf-tools", files: FILES }] }).entries();
    expect(fromFolder).toEqual(fromCode);
    symlinkSync("/etc/hostname", join(root, "references", "link.md"));
    await expect(gen.skillFromFolder(root, "acme/pdf-tools")).rejects.toThrow(`skill folder ${root}: references/link.md is not a regular file`);
  });
});
