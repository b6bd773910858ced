// Issue 52: the official SDK v2 client's Skills support (@modelcontextprotocol/client 2.4.0,
// its ext/skills SkillsClient) against examples/everything's skills, in this process (the
// server's fetch handler as the SDK's fetch): the extension seen in server/discover, both skills
// listed with no invalid entry, a skill got and its SKILL.md read and verified by the SDK
// (digest, size, frontmatter), and reads a skill's directory.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { afterAll, expect, it } from "vitest";
import { everythingServer } from "../../examples/everything/server.js";
import * as gen from "../../examples/gen/index.js";

const server = everythingServer("sdk skills tests: a state secret of at least 32 bytes");
const client = new Client({ name: "sdk-v2", version: "2.4.0" }, { versionNegotiation: { mode: "auto" }, capabilities: { extensions: { "io.modelcontextprotocol/skills": {} } } } as any);
await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch: gen.v2026_07_28.inProcessFetch(server) as typeof fetch }));
afterAll(() => client.close());

it("lists, gets, reads and verifies examples/everything's skills with the SDK's SkillsClient", async () => {
  expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
  const skills = new SkillsClient(client);
  expect(skills.supported).toBe(true);
  const listing = await skills.list();
  expect(listing.invalid).toEqual([]);
  const names = listing.skills.map((s: any) => s.name ?? s.frontmatter?.name ?? s.uri);
  expect(names.join(" ")).toMatch(/greeting-style/);
  expect(names.join(" ")).toMatch(/refunds/);
  const greeting = listing.skills.find((s: any) => JSON.stringify(s).includes("greeting-style"))!;
  const { skill } = await skills.get((greeting as any).uri);
  const file = await skills.read(skill);
  expect(file.verified).toBe(true);
  expect(file.text).toContain("# Greeting style");
  // SEP-2640 gives resources/directory/read resources/list's contract: on 2026-07-28 it carries
  // ttlMs and cacheScope (without them the SDK refused the result), and lists the skill's files.
  expect(skills.directoryRead).toBe(true);
  const directory = await skills.readDirectory((greeting as any).uri.replace(/\/SKILL\.md$/, ""));
  expect(JSON.stringify(directory)).toContain("SKILL.md");
});
