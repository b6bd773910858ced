// A server without stateSecret, as a real stdio process (the default output of both eras): what
// its operator reads on stderr when the first requestState is sealed. One line, no stack, no
// "Error:" prefix, and it says what to set (issue 29 item 6).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_STATE_SECRET } from "../helpers/processes.js";
import { GENERATED_JS_ROOT, scratchDir } from "../helpers/spec.js";

/** A tool that asks for a city (an input request, so a sealed requestState) until it has one. */
const SERVER = (index: string) => `import { z } from "zod";
import { createServer, elicitForm, serveStdio, tool } from ${JSON.stringify(index)};

const askCity = elicitForm({ message: "Which city?", schema: z.object({ city: z.string() }) });
const forecast = tool("forecast", { input: z.object({}) }, (_args, ctx) => {
  const city = ctx.accepted("city", askCity)?.city;
  return city === undefined ? ctx.inputRequired({ inputRequests: { city: askCity } }) : "Sunny in " + city;
});
await serveStdio(createServer({ serverInfo: { name: "weather", version: "1.0.0" }, tools: [forecast], stateSecret: process.env["MCP_STATE_SECRET"] }));
`;

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } } };
const call = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "forecast", arguments: {}, _meta: META } });

let server: string;
beforeAll(() => {
  const dir = scratchDir("state-secret");
  mkdirSync(dir, { recursive: true });
  server = join(dir, "server.mjs");
  writeFileSync(server, SERVER(pathToFileURL(join(GENERATED_JS_ROOT, "index.js")).href));
});

/** Runs the server over stdio for three input-requiring calls; its answers and its stderr. */
async function threeCalls(env: Record<string, string | undefined>): Promise<{ answers: any[]; stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [server], { env: { ...process.env, MCP_STATE_SECRET: undefined, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stdin.end(`${[1, 2, 3].map(call).join("\n")}\n`);
  const code = await exited;
  return { answers: stdout.trim().split("\n").map((line) => JSON.parse(line)), stderr, code };
}

describe("a stdio server without stateSecret", () => {
  for (const [label, env] of [["unset", {}], ["set to an empty string", { MCP_STATE_SECRET: "" }]] as const) {
    it(`MCP_STATE_SECRET ${label}: one line on stderr, once, without stack or "Error:", saying what to set`, async () => {
      const { answers, stderr, code } = await threeCalls(env);
      expect(code).toBe(0);
      expect(answers.map((a) => a.result?.resultType)).toEqual(["input_required", "input_required", "input_required"]);
      expect(answers.every((a) => typeof a.result.requestState === "string")).toBe(true);
      const lines = stderr.split("\n").filter((line) => line !== "");
      expect(lines, stderr).toHaveLength(1);
      expect(stderr.endsWith("\n")).toBe(true);
      const [line] = lines as [string];
      expect(line).not.toMatch(/\bError\b|^\s+at |\bat .*:\d+:\d+/);
      expect(line).toMatch(/^mcp server: no stateSecret: /);
      // What happens, then what to set and where.
      expect(line).toMatch(/restart or another replica refuses it/);
      expect(line).toMatch(/set createServer's stateSecret to 32 bytes or more, the same in every process/);
      expect(line).toMatch(/MCP_STATE_SECRET/);
    });
  }

  it("with MCP_STATE_SECRET set, nothing on stderr", async () => {
    const { answers, stderr, code } = await threeCalls({ MCP_STATE_SECRET: TEST_STATE_SECRET });
    expect([code, stderr]).toEqual([0, ""]);
    expect(answers).toHaveLength(3);
  });
});
