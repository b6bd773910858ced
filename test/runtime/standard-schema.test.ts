// Issue 55 item 5: tools, prompts and elicitation forms declared with Standard Schema validators
// (Valibot through toStandardJsonSchema, ArkType natively) on the generated root server, called by
// a generated client in this process, on both eras: the listed JSON Schema is the library's own,
// handlers get the schema's output, bad arguments name the field, outputs are checked; and a
// validator that cannot be listed as JSON Schema is refused when the tool is made.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, MODERN, meta } from "./wire-server.js";

let gen: any;
let server: any;
const seen: unknown[] = [];
const errors: Error[] = [];

// Valibot: `days` defaults to 1 (the handler sees the output, not what was sent).
const valibotInput = toStandardJsonSchema(v.object({ city: v.pipe(v.string(), v.minLength(2)), days: v.optional(v.pipe(v.number(), v.integer()), 1) }));
const valibotOutput = toStandardJsonSchema(v.object({ city: v.string(), days: v.number() }));
// ArkType: `days` is sent as a numeric string and arrives parsed (its input type differs from its output).
const arkInput = type({ city: "string >= 2", days: "string.integer.parse" });
const arkOutput = type({ city: "string", days: "number" });
const listed = (schema: any, io: "input" | "output" = "input") => {
  const { $schema: _, ...json } = schema["~standard"].jsonSchema[io]({ target: "draft-2020-12" });
  return json;
};
const form = () => gen.elicitForm({ message: "Which city?", schema: toStandardJsonSchema(v.object({ city: v.pipe(v.string(), v.minLength(2), v.transform((city) => city.toUpperCase())) })) });

beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
  const forecast = (args: { city: string; days: number }) => (seen.push(args), { structuredContent: { city: args.city, days: args.days } });
  const askCity = form();
  server = gen.createServer({
    serverInfo: { name: "standard-schema", version: "1.0.0" },
    stateSecret: "standard schema tests: a secret of at least 32 bytes",
    onError: (error: Error) => void errors.push(error),
    tools: [
      gen.tool("valibot_forecast", { input: valibotInput, output: valibotOutput }, forecast),
      gen.tool("ark_forecast", { input: arkInput, output: arkOutput }, forecast),
      gen.tool("liar", { output: valibotOutput }, () => ({ structuredContent: { city: "Oslo", days: "two" } })),
      gen.tool("ask_city", {}, (_args: unknown, ctx: any) => {
        const answer = ctx.accepted("city", askCity);
        return answer ? `city: [${answer.city}]` : ctx.inputRequired({ inputRequests: { city: askCity }, requestState: 1 });
      }),
    ],
    prompts: [gen.prompt("trip", { args: type({ city: type("string >= 2").describe("Where to"), "note?": "string" }) }, (args: { city: string }) => `Plan a trip to ${args.city}`)],
  });
});

describe.each([MODERN, LEGACY])("Standard Schema on %s, through a generated client in this process", (revision) => {
  const connect = () => gen.connectInProcess(server, { versions: [revision], handlers: { "elicitation/create": async (params: any) => (seen.push(params.requestedSchema), { action: "accept", content: { city: "Lima" } }) } });

  it("lists each library's own JSON Schema, hands the handler the schema's output and checks outputs", async () => {
    const client = await connect();
    try {
      expect(client.revision).toBe(revision);
      const tools = Object.fromEntries((await client.listTools()).tools.map((t: any) => [t.name, t]));
      expect(tools["valibot_forecast"].inputSchema).toEqual(listed(valibotInput));
      expect(tools["valibot_forecast"].outputSchema).toEqual(listed(valibotOutput, "output"));
      expect(tools["ark_forecast"].inputSchema).toEqual(listed(arkInput));
      expect(tools["ark_forecast"].inputSchema.properties.days.type).toBe("string"); // ArkType's input side
      expect((await client.callTool({ name: "valibot_forecast", arguments: { city: "Oslo" } })).structuredContent).toEqual({ city: "Oslo", days: 1 });
      expect(seen.at(-1)).toEqual({ city: "Oslo", days: 1 });
      expect((await client.callTool({ name: "ark_forecast", arguments: { city: "Lima", days: "3" } })).structuredContent).toEqual({ city: "Lima", days: 3 });
      expect(seen.at(-1)).toEqual({ city: "Lima", days: 3 });
      const bad = await client.callTool({ name: "valibot_forecast", arguments: { city: "X", days: 1.5 } });
      expect(bad.isError).toBe(true);
      expect(bad.content[0].text).toMatch(/^Invalid arguments for tool "valibot_forecast":\n- city: Invalid length: Expected >=2 but received 1\n- days: Invalid integer/);
      const badArk = await client.callTool({ name: "ark_forecast", arguments: { city: "Lima", days: "three" } });
      expect(badArk.content[0].text).toMatch(/^Invalid arguments for tool "ark_forecast":\n- days: days must be/);
      await expect(client.callTool({ name: "liar", arguments: {} })).rejects.toMatchObject({ code: -32603 });
      expect(errors.at(-1)?.message).toBe('tool "liar" returned structuredContent that does not match its output schema: days: Invalid type: Expected number but received "two"');
    } finally {
      await client.close();
    }
  });

  it("derives a prompt's arguments from its schema and refuses bad ones with -32602 naming the field", async () => {
    const client = await connect();
    try {
      expect((await client.listPrompts()).prompts).toEqual([{ name: "trip", arguments: [{ name: "city", description: "Where to", required: true }, { name: "note", required: false }] }]);
      expect((await client.getPrompt({ name: "trip", arguments: { city: "Rome" } })).messages[0].content.text).toBe("Plan a trip to Rome");
      await expect(client.getPrompt({ name: "trip", arguments: { city: "R" } })).rejects.toMatchObject({ code: -32602, data: { issues: [expect.stringMatching(/^city: city must be Where to \(was 1\)$/)] } });
    } finally {
      await client.close();
    }
  });

  it("asks with an elicitForm of a Standard Schema and reads the answer back as its output", async () => {
    const client = await connect();
    try {
      expect((await client.callTool({ name: "ask_city", arguments: {} })).content).toEqual([{ type: "text", text: "city: [LIMA]" }]);
      expect(seen.at(-1)).toEqual({ type: "object", properties: { city: { type: "string", minLength: 2 } }, required: ["city"] });
    } finally {
      await client.close();
    }
  });
});

describe("made with a schema that cannot be listed or is not an object", () => {
  it("refuses a plain Valibot schema (no Standard JSON Schema) when the tool, prompt or form is made", () => {
    const plain = v.object({ city: v.string() });
    expect(() => gen.tool("plain", { input: plain }, () => "x")).toThrow(new TypeError('tool "plain": input: this valibot schema cannot produce JSON Schema (it has no ~standard.jsonSchema, the Standard JSON Schema interface), and a schema is listed as JSON Schema; wrap it with toStandardJsonSchema(schema) of @valibot/to-json-schema'));
    expect(() => gen.tool("plain", { output: plain }, () => "x")).toThrow(/tool "plain": output: .*toStandardJsonSchema/);
    expect(() => gen.prompt("plain", { args: plain }, () => "x")).toThrow(/prompt "plain": args: .*toStandardJsonSchema/);
    expect(() => gen.elicitForm({ message: "m", schema: plain })).toThrow(/elicitForm: schema: .*toStandardJsonSchema/);
  });

  it("refuses a schema whose JSON Schema is no object schema, or which its library cannot convert", () => {
    expect(() => gen.tool("scalar", { input: type("string") }, () => "x")).toThrow(new TypeError('tool "scalar": input must be an object schema (its JSON Schema has type "object")'));
    expect(() => gen.tool("dated", { input: toStandardJsonSchema(v.object({ at: v.date() })) }, () => "x")).toThrow(/tool "dated": input: this valibot schema cannot be converted to JSON Schema \(draft-2020-12, input\): The "date" schema cannot be converted/);
  });
});

describe("a validator whose validate answers with a Promise", () => {
  const later = {
    "~standard": {
      version: 1,
      vendor: "later",
      validate: async (value: any) => (typeof value?.n === "number" ? { value: { n: value.n * 2 } } : { issues: [{ message: "expected a number", path: [{ key: "n" }] }] }),
      // The target asked for is written into the schema, to see which dialect each revision asks.
      jsonSchema: { input: ({ target }: { target: string }) => ({ type: "object", properties: { n: { type: "number" } }, description: target }), output: () => ({ type: "object" }) },
    },
  };

  it("is awaited for a tool's arguments, and its issues name the field", async () => {
    const s = gen.createServer({ serverInfo: { name: "later", version: "1" }, tools: [gen.tool("double", { input: later }, (args: { n: number }) => String(args.n))] });
    const call = (args: unknown) => s.handle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "double", arguments: args, _meta: meta() } });
    expect((await call({ n: 4 })).result.content).toEqual([{ type: "text", text: "8" }]);
    expect((await call({ n: "4" })).result).toMatchObject({ isError: true, content: [{ text: 'Invalid arguments for tool "double":\n- n: expected a number' }] });
  });

  it("is listed in each revision's dialect: 2020-12 from 2025-11-25 on, draft-07 before", async () => {
    const s = gen.createServer({ serverInfo: { name: "later", version: "1" }, tools: [gen.tool("double", { input: later }, () => "x")] });
    const modern = await s.handle({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta() } });
    expect(modern.result.tools[0].inputSchema).toEqual({ type: "object", properties: { n: { type: "number" } }, description: "draft-2020-12" });
    const session = s.createSession("old");
    session.send = () => undefined;
    await s.handle({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "old", version: "1" } } }, { session });
    await s.handle({ jsonrpc: "2.0", method: "notifications/initialized" }, { session });
    const old = await s.handle({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }, { session });
    expect(old.result.tools[0].inputSchema.description).toBe("draft-07");
  });
});
