// Issue 52 item 4: the catalog's typed stubs work for task tools. `mcp-gen catalog` reads a server
// whose tool runs as a task (`task: "required"`, with an output schema); the stub, over a client
// that declares Tasks (clientTasks), returns the task's final result, structuredContent typed and
// checked; a typo in that result, or a wrong argument, is a compile error (and the same file with
// the directive removed or a fact falsified does not compile: the checks can fail).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { pathToFileURL } from "node:url";
import { GENERATED_ROOT, REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { STRICTEST, compile } from "../helpers/tsc.js";
import { catalog, importTs, type Module } from "./helpers.js";

const OUT = scratchDir("catalog-tasks");
const STUBS = join(OUT, "forecast");
let http: Server;
let url: string;
let connect: Module["connect"];
let clientTasks: Module["clientTasks"];
let Transport: Module["StreamableHttpTransport"];
let stubs: Module;
const sent: string[] = [];

/** The generated Tasks extension of the examples' output (imported when the setup has built it). */
let TASKS_EXTENSION: any;

beforeAll(async () => {
  TASKS_EXTENSION = (await import(pathToFileURL(join(REPO_ROOT, "examples/shared/tasks-extension.ts")).href)).TASKS_EXTENSION;
  const gen = await importTs(join(GENERATED_ROOT, "index.ts"));
  const forecast = gen.tool("forecast", { description: "A slow forecast (always a task)", task: "required", input: z.object({ city: z.string() }), output: z.object({ city: z.string(), celsius: z.number() }) }, async ({ city }: { city: string }) => {
    await new Promise((r) => setTimeout(r, 150));
    return { structuredContent: { city, celsius: 21.5 }, content: [{ type: "text", text: `${city}: 21.5 °C` }] };
  });
  const server = gen.createServer({ serverInfo: { name: "forecasts", version: "1.0.0" }, tools: [forecast], extensions: [gen.tasks(TASKS_EXTENSION, { pollIntervalMs: 100 })], stateSecret: "catalog tasks tests: a secret of 32 bytes or more" });
  const handler = gen.toFetchHandler(server);
  http = createServer(gen.toNodeListener(async (request: Request) => (request.method === "POST" && sent.push(String(request.headers.get("mcp-method"))), handler(request))));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const made = await catalog(["--url", url], STUBS);
  expect(made.stderr).toBe("");
  expect(made.code).toBe(0);
  ({ connect, clientTasks, StreamableHttpTransport: Transport } = await importTs(join(GENERATED_ROOT, "connect.ts")));
  stubs = await importTs(join(STUBS, "index.ts"));
});

afterAll(() => new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve())));

describe("a catalog stub of a task tool", () => {
  it("returns the task's final result, structuredContent checked, on a client that declares Tasks", async () => {
    const client = await connect(() => new Transport(url), { clientInfo: { name: "t", version: "1" }, extensions: [clientTasks(TASKS_EXTENSION)] });
    try {
      sent.length = 0;
      const result = await stubs.createTools(client).forecast({ city: "Oslo" });
      expect(result.structuredContent).toEqual({ city: "Oslo", celsius: 21.5 });
      expect(sent).toContain("tasks/get");
    } finally {
      await client.close();
    }
  });

  it("on a client without the extension, the same stub gets -32021", async () => {
    const client = await connect(() => new Transport(url), { clientInfo: { name: "t", version: "1" } });
    try {
      await expect(stubs.createTools(client).forecast({ city: "Oslo" })).rejects.toMatchObject({ code: -32021 });
    } finally {
      await client.close();
    }
  });
});

const USES = `import { createTools } from "@catalog/forecast";
import type { Assert, Equal } from "./assert.js";

// Any client with callTool: connect()'s or createClient()'s, made with extensions: [clientTasks(EXTENSION)].
declare const client: Parameters<typeof createTools>[0];

export async function uses(): Promise<void> {
  const done = await createTools(client).forecast({ city: "Oslo" });
  const celsius: number = done.structuredContent.celsius;
  type City = Assert<Equal<typeof done.structuredContent.city, string>>;
  void celsius;
  // @ts-expect-error: a typo in the result
  void done.structuredContent.celcius;
  // @ts-expect-error: a wrong argument type
  await createTools(client).forecast({ city: 47 });
}
`;

describe("the stub's types", () => {
  it("hold, and each mistake is an error; with a directive removed and a fact falsified they are reported", () => {
    const root = join(OUT, "types");
    for (const dir of ["facts", "broken"]) {
      mkdirSync(join(root, dir), { recursive: true });
      cpSync(join(REPO_ROOT, "test/types/assert.ts"), join(root, dir, "assert.ts"));
    }
    writeFileSync(join(root, "facts", "uses.ts"), USES);
    const broken = USES.replace("  // @ts-expect-error: a typo in the result\n", "").replace("Equal<typeof done.structuredContent.city, string>", "Equal<typeof done.structuredContent.city, number>");
    expect(broken).not.toBe(USES);
    writeFileSync(join(root, "broken", "uses.ts"), broken);
    const options = { ...STRICTEST, isolatedDeclarations: false, declaration: false, noUnusedLocals: false, paths: { "@catalog/*": [join(OUT, "*/index.ts")] } };
    const compiled = compile(root, options, ["facts/uses.ts", "broken/uses.ts"]);
    expect(compiled.diagnostics((f) => f.startsWith(join(root, "facts")))).toEqual([]);
    const text = compiled.diagnostics((f) => f.startsWith(join(root, "broken", "uses.ts"))).join("\n");
    expect(text).toMatch(/uses\.ts\(\d+,\d+\): error TS(2339|2551): Property 'celcius' does not exist/);
    expect(text).toMatch(/uses\.ts\(\d+,\d+\): error TS2344/);
  });
});
