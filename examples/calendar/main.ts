// A stateless calendar server on generated code only: a `calendar://week` resource, a
// `prepare_week` prompt and a `create_event` tool. Without `startsAt`, create_event asks for it
// with an elicitation form and a sealed requestState; the retry (in any process sharing the
// secret and the calendar file) completes the call. `--port PORT` serves
// http://127.0.0.1:PORT/mcp, else stdio.
import { createServer, McpError, type ServerOptions } from "../gen/index.js";
import { serve, stateSecret } from "../shared/serve.js";
import { addEvent, events, weekOf } from "./store.js";

const WEEK = "calendar://week";
const CACHE = { ttlMs: 0, cacheScope: "private" } as const;

/** What create_event remembers between the two rounds (sealed by the runtime: signed, not encrypted). */
interface Pending {
  title: string;
  durationMinutes: number;
}

function weekText(): string {
  const week = weekOf(new Date());
  const all = events();
  const lines = (week.length ? week : all).map((e) => `- ${e.startsAt} ${e.title} (${e.durationMinutes} min)`);
  return lines.length ? lines.join("\n") : "No events this week.";
}

const handlers: ServerOptions["handlers"] = {
  "resources/list": () => ({ resources: [{ uri: WEEK, name: "week", title: "This week", mimeType: "text/markdown" }], ...CACHE }),
  "resources/templates/list": () => ({ resourceTemplates: [], ...CACHE }),
  "resources/read": (params) => {
    if (params.uri !== WEEK) throw new McpError(-32602, `Resource not found: ${params.uri}`, { uri: params.uri });
    return { contents: [{ uri: WEEK, mimeType: "text/markdown", text: weekText() }], ...CACHE };
  },
  "prompts/list": () => ({ prompts: [{ name: "prepare_week", description: "Plan the coming week from the calendar", arguments: [{ name: "focus", description: "What the week should focus on" }] }], ...CACHE }),
  "prompts/get": (params) => {
    if (params.name !== "prepare_week") throw new McpError(-32602, `Unknown prompt: ${params.name}`);
    const focus = params.arguments?.["focus"] ?? "whatever matters most";
    return {
      messages: [
        { role: "user", content: { type: "resource", resource: { uri: WEEK, mimeType: "text/markdown", text: weekText() } } },
        { role: "user", content: { type: "text", text: `Here is my week. Help me prepare it, focusing on ${focus}.` } },
      ],
    };
  },
  "tools/list": () => ({
    tools: [
      {
        name: "create_event",
        description: "Adds an event to the calendar; asks for the start time when it is missing",
        inputSchema: { type: "object", properties: { title: { type: "string" }, startsAt: { type: "string", format: "date-time" }, durationMinutes: { type: "integer", minimum: 1 } }, required: ["title"] },
      },
    ],
    ...CACHE,
  }),
  "tools/call": (params, ctx) => {
    if (params.name !== "create_event") throw new McpError(-32602, `Unknown tool: ${params.name}`);
    const args = params.arguments ?? {};
    const pending = ctx.requestState as Pending | undefined;
    const title = pending?.title ?? (typeof args["title"] === "string" ? args["title"] : undefined);
    if (!title) return { isError: true, content: [{ type: "text", text: "create_event needs a title" }] };
    const durationMinutes = pending?.durationMinutes ?? (typeof args["durationMinutes"] === "number" ? args["durationMinutes"] : 30);
    const answer = ctx.inputResponses?.["startsAt"];
    const given = typeof args["startsAt"] === "string" ? args["startsAt"] : answer && "action" in answer && answer.action === "accept" ? answer.content?.["startsAt"] : undefined;
    if (typeof given !== "string" || Number.isNaN(Date.parse(given))) {
      if (answer && "action" in answer && answer.action !== "accept") return { content: [{ type: "text", text: `Not created: the start time was ${answer.action === "decline" ? "declined" : "cancelled"}.` }] };
      return ctx.inputRequired({
        inputRequests: {
          startsAt: { method: "elicitation/create", params: { mode: "form", message: `When does "${title}" start?`, requestedSchema: { type: "object", properties: { startsAt: { type: "string", format: "date-time", title: "Start" } }, required: ["startsAt"] } } },
        },
        requestState: { title, durationMinutes } satisfies Pending,
      });
    }
    addEvent({ title, startsAt: new Date(given).toISOString(), durationMinutes });
    return { content: [{ type: "text", text: `Created "${title}" at ${new Date(given).toISOString()} (${durationMinutes} min).` }] };
  },
};

const server = createServer({
  serverInfo: { name: "mcp-gen-calendar", version: "1.0.0" },
  capabilities: { resources: {}, prompts: {}, tools: {} },
  instructions: "A calendar: read calendar://week, plan with the prepare_week prompt, add events with create_event.",
  handlers,
  // The sealed requestState must open in whichever process serves the retry: share the secret.
  stateSecret: stateSecret(),
});

await serve(server);
