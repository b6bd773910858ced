import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";
import { exampleMain, startHttpExample } from "../helpers/processes.js";

/**
 * The official SDK v2 client, pinned to 2026-07-28, drives examples/calendar. Every step gets a
 * fresh server process (over stdio the SDK even spawns a second one for its discover probe):
 * nothing but the sealed requestState and the calendar file carries over between steps.
 */
type Step<T> = (client: Client) => Promise<T>;

function newClient(): Client {
  return new Client(
    { name: "calendar-test", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } },
  );
}

function environment(): NodeJS.ProcessEnv {
  return { CALENDAR_FILE: join(mkdtempSync(join(tmpdir(), "calendar-")), "events.json"), MCP_STATE_SECRET: "a shared secret of at least thirty-two bytes!" };
}

/** One step over stdio: a new server process for it. */
function overStdio(env: NodeJS.ProcessEnv): <T>(step: Step<T>) => Promise<T> {
  return async (step) => {
    const client = newClient();
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [exampleMain("calendar")], env: { ...process.env, ...env } as Record<string, string>, stderr: "pipe" }));
    try {
      return await step(client);
    } finally {
      await client.close();
    }
  };
}

/** One step over Streamable HTTP: a new server process on a new port for it. */
function overHttp(env: NodeJS.ProcessEnv): <T>(step: Step<T>) => Promise<T> {
  return async (step) => {
    const server = await startHttpExample("calendar", env);
    const client = newClient();
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      return await step(client);
    } finally {
      await client.close();
      await server.stop();
    }
  };
}

async function flow(run: <T>(step: Step<T>) => Promise<T>): Promise<void> {
  const discovered = await run((c) => c.discover());
  expect(discovered.supportedVersions).toContain("2026-07-28");
  expect(discovered.capabilities.tools).toBeDefined();

  const tools = await run((c) => c.listTools());
  expect(tools.tools.map((t) => t.name)).toEqual(["create_event"]);

  const before = await run((c) => c.readResource({ uri: "calendar://week" }));
  expect(before.contents[0]).toMatchObject({ uri: "calendar://week", text: "No events this week." });

  const prompt = await run((c) => c.getPrompt({ name: "prepare_week", arguments: { focus: "deep work" } }));
  expect(JSON.stringify(prompt.messages)).toContain("deep work");

  // Round 1 in one process: the start time is missing, so the server asks for it.
  const call = { name: "create_event", arguments: { title: "Design review" } };
  const asked = (await run((c) => c.request({ method: "tools/call", params: call }, { allowInputRequired: true }))) as Record<string, any>;
  expect(asked.resultType).toBe("input_required");
  expect(asked.inputRequests.startsAt.method).toBe("elicitation/create");
  expect(typeof asked.requestState).toBe("string");

  // Round 2 in another process: the answer and the untouched requestState complete the call.
  const startsAt = new Date().toISOString();
  const retry = { ...call, inputResponses: { startsAt: { action: "accept", content: { startsAt } } }, requestState: asked.requestState };
  const done = (await run((c) => c.request({ method: "tools/call", params: retry }, { allowInputRequired: true }))) as Record<string, any>;
  expect(done.resultType ?? "complete").toBe("complete"); // the SDK hands complete results over without it
  expect(done.content[0].text).toContain("Created \"Design review\"");

  // A tampered state is refused by yet another process.
  const tampered = { ...retry, requestState: `${asked.requestState}x` };
  await expect(run((c) => c.request({ method: "tools/call", params: tampered }, { allowInputRequired: true }))).rejects.toThrow(/requestState/);

  const after = await run((c) => c.readResource({ uri: "calendar://week" }));
  expect(after.contents[0]).toMatchObject({ text: expect.stringContaining("Design review") });
}

describe("examples/calendar with the official SDK v2 client (2026-07-28), a fresh server process per step", () => {
  it("over stdio: discover, list, read, prompt, and the elicitation round trip across processes", async () => {
    await flow(overStdio(environment()));
  });

  it("over Streamable HTTP: the same flow", async () => {
    await flow(overHttp(environment()));
  });
});

describe("the examples' state secret", () => {
  it.each([["calendar"], ["everything"]])("%s refuses to serve HTTP without MCP_STATE_SECRET (no built-in fallback)", async (name) => {
    const { MCP_STATE_SECRET: _unset, ...env } = process.env;
    const child = spawn(process.execPath, [exampleMain(name), "--port", "0"], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/MCP_STATE_SECRET is required over HTTP/);
  });
});
