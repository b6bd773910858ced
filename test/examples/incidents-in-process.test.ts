// Issue 55 item 4: docs/testing.md's example, run as it is written there (only its two imports point
// at the examples from here), against examples/incidents in this process.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../helpers/spec.js";
import { afterAll, expect, it } from "vitest";
import { connectInProcess } from "../../examples/gen/index.js";
import { server } from "../../examples/incidents/server.js";

const client = await connectInProcess(server);
afterAll(() => client.close());

it("opens an incident, then finds it", async () => {
  const opened = await client.callTool({ name: "open_incident", arguments: { title: "disk full on db-2", severity: "sev2" } });
  expect(opened.structuredContent).toMatchObject({ handle: expect.any(String) });
  const found = await client.callTool({ name: "search_incidents", arguments: { query: "db-2" } });
  expect(found.structuredContent).toMatchObject({ incidents: [{ title: "disk full on db-2", status: "open" }] });
});

it("is docs/testing.md's block, its imports aside", () => {
  const block = /```ts\n([\s\S]*?)```/.exec(readFileSync(join(REPO_ROOT, "docs/testing.md"), "utf8"))![1]!;
  const body = (text: string) => text.split("\n").filter((line) => !line.startsWith("import ") && !line.startsWith("//")).join("\n").trim();
  const own = readFileSync(new URL(import.meta.url), "utf8").split('\nit("is docs/testing.md')[0]!;
  expect(body(own)).toBe(body(block));
  expect(block).toContain('from "../gen/index.js"');
  expect(block).toContain('from "./server.js"');
});
