// Issue 53 item 8: a validation error inside a union names the innermost field at fault, on every
// path that reports issues: the request (-32602 data.issues), an input response of 2026-07-28, a
// client's result to a 2025-11-25 session's request, the client's check of its own answers; with
// the issues of Zod's own parser and of the fast path's parse methods alike.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadGenerated, schemaFor, zodSafeParse } from "../helpers/generated.js";
import { CLIENT_INFO, FakeTransport, loadClient } from "../helpers/client.js";
import { issueData } from "../../templates/runtime/shared/messages.js";
import { nextId, open, post, type Handler } from "./legacy-wire.js";
import { LEGACY, MODERN, meta, wireServer } from "./wire-server.js";

/** The `data.issues` lines of a failed parse, by the fast path's method and by Zod's own parser. */
async function lines(revision: string, type: string, value: unknown, input: unknown = value): Promise<string[][]> {
  const schema = schemaFor(await loadGenerated(revision), type);
  return [schema.safeParse(value), zodSafeParse(schema, value)].map((r) => issueData(r.error!.issues, input).issues);
}

const KINDS = "Invalid input: expected string | number | boolean | array";

describe("issues name the innermost field of a union (unit, generated schemas)", () => {
  it(`${MODERN} request: an answer in params.inputResponses names content.score, not the union`, async () => {
    const call = (answer: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", requestState: "s", inputResponses: { form: answer }, _meta: meta() } });
    for (const got of await lines(MODERN, "CallToolRequest", call({ action: "accept", content: { score: { n: 1 } } }))) {
      expect(got).toEqual([`params.inputResponses.form.content.score: ${KINDS}`]);
    }
    for (const got of await lines(MODERN, "CallToolRequest", call({ action: "accept", content: { score: ["ok", 5] } }))) {
      expect(got).toEqual(["params.inputResponses.form.content.score.1: Invalid input: expected string, received number"]);
    }
    // ListRootsResult misses `roots` as much as ElicitResult refuses `action`: the input decides.
    for (const got of await lines(MODERN, "CallToolRequest", call({ action: "maybe" }))) {
      expect(got).toEqual([expect.stringMatching(/^params\.inputResponses\.form\.action: Invalid option/)]);
    }
  });

  it(`${LEGACY} result: ElicitResult names content.score.1`, async () => {
    for (const got of await lines(LEGACY, "ElicitResult", { action: "accept", content: { score: ["ok", 5] } })) {
      expect(got).toEqual(["content.score.1: Invalid input: expected string, received number"]);
    }
  });

  it("a member that got past the value wins over one that refused it; without the input, the deepest", () => {
    const schema = z.union([z.string(), z.object({ a: z.object({ b: z.number() }) })]);
    const value = { a: { b: "x" } };
    expect(issueData(schema.safeParse(value).error!.issues).issues).toEqual(["a.b: Invalid input: expected number, received string"]);
    expect(issueData(z.union([z.string(), z.number()]).safeParse(true).error!.issues).issues).toEqual(["(root): Invalid input: expected string | number"]);
    // An input whose getter throws while the ranking walks it: still the issue lines, not a throw.
    const hostile = Object.defineProperty({}, "a", { get: () => { throw new Error("getter"); }, enumerable: true });
    expect(issueData(schema.safeParse(value).error!.issues, hostile).issues).toEqual(["a.b: Invalid input: expected number, received string"]);
  });
});

describe("on the wire", () => {
  let server: any;
  let handler: Handler;
  beforeAll(async () => {
    server = await wireServer();
    const { toFetchHandler } = await import("../../templates/runtime/server/http.js");
    handler = toFetchHandler(server);
  });
  const modern = (id: number, params: Record<string, unknown>) =>
    server.handle({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "ask", arguments: { x: 1 }, ...params, _meta: meta({}, { elicitation: {} }) } });

  it(`${MODERN}: the request's -32602 and an input response's name the field`, async () => {
    const state = (await modern(1, {})).result.requestState;
    const bad = await modern(2, { requestState: state, inputResponses: { name: { action: "accept", content: { name: ["Ada", 5] } } } });
    expect([bad.error.code, bad.error.message]).toEqual([-32602, "Invalid params for tools/call"]);
    expect(bad.error.data.issues).toEqual(["params.inputResponses.name.content.name.1: Invalid input: expected string, received number"]);
    // Valid as a CreateMessageResult (the request's union takes it), not as the ElicitResult asked for.
    const sampled = { role: "user", model: "m", action: "accept", content: { type: "text", text: "x", extra: [1] } };
    const answered = await modern(3, { requestState: state, inputResponses: { name: sampled } });
    expect(answered.error.message).toBe('Invalid input response "name" to elicitation/create');
    expect(answered.error.data.issues).toEqual(["content.extra.0: Invalid input: expected string, received number"]);
  });

  it(`${LEGACY}: a client's elicitation/create result names the field`, async () => {
    const session = await open(handler, { elicitation: {} });
    const { readSse } = await import("../../templates/runtime/shared/sse.js");
    const events = readSse((await post(handler, { jsonrpc: "2.0", id: nextId(), method: "tools/call", params: { name: "ask", arguments: {} } }, session)).body!);
    const asked = JSON.parse(((await events.next()).value as { data: string }).data);
    expect(asked.method).toBe("elicitation/create");
    await post(handler, { jsonrpc: "2.0", id: asked.id, result: { action: "accept", content: { name: ["Ada", 5] } } }, session);
    const answer = JSON.parse(((await events.next()).value as { data: string }).data);
    expect(answer.error.message).toBe("Invalid elicitation/create result from the client");
    expect(answer.error.data.issues).toEqual(["content.name.1: Invalid input: expected string, received number"]);
  });

  it(`${LEGACY} client: the warning about its own handler's answer names the field`, async () => {
    const gen = await loadClient(LEGACY);
    const warnings: string[] = [];
    const init = { protocolVersion: LEGACY, capabilities: {}, serverInfo: { name: "fake", version: "1" } };
    const fake = new FakeTransport((m, t) => void ("method" in m && m.method === "initialize" && "id" in m && t.result(m, init)));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": async () => ({ action: "accept", content: { score: ["ok", 5] } }) }, onWarning: (w: string) => warnings.push(w) });
    await client.open();
    fake.deliver({ jsonrpc: "2.0", id: "e1", method: "elicitation/create", params: { mode: "form", message: "Score?", requestedSchema: { type: "object", properties: {} } } });
    await new Promise((r) => setTimeout(r, 20));
    expect(warnings.join("\n")).toContain("content.score.1: Invalid input: expected string, received number");
  });
});
