// A stateless calendar server on generated code only: a `calendar://week` resource, a
// `prepare_week` prompt and a `create_event` tool. Without `startsAt`, create_event asks for it
// with an elicitation form and a sealed requestState; the retry (in any process sharing the
// secret and the calendar file) completes the call. `--port PORT` serves
// http://127.0.0.1:PORT/mcp, else stdio; `--redis URL` (or MCP_REDIS_URL) shares its listen
// streams' notifications (and any legacy session) between the processes given the same Redis.
import * as z from "zod";
import { createServer, elicitForm, prompt, resource, tool } from "../gen/server.js";
import { serve, stateSecret } from "../shared/serve.js";
import { addEvent, events, weekOf } from "./store.js";

const WEEK = "calendar://week";

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

const week = resource(WEEK, { name: "week", title: "This week", mimeType: "text/markdown" }, () => weekText());

const prepareWeek = prompt("prepare_week", { description: "Plan the coming week from the calendar", args: z.object({ focus: z.string().describe("What the week should focus on").optional() }) }, ({ focus }) => [
  { role: "user", content: { type: "resource", resource: { uri: WEEK, mimeType: "text/markdown", text: weekText() } } },
  { role: "user", content: { type: "text", text: `Here is my week. Help me prepare it, focusing on ${focus ?? "whatever matters most"}.` } },
]);

const startsAtField = z.object({ startsAt: z.iso.datetime().meta({ title: "Start" }) });

const createEvent = tool(
  "create_event",
  {
    description: "Adds an event to the calendar; asks for the start time when it is missing",
    input: z.object({ title: z.string().min(1), startsAt: z.iso.datetime().optional(), durationMinutes: z.int().min(1).default(30) }),
  },
  (args, ctx) => {
    const pending = ctx.requestState as Pending | undefined;
    const { title, durationMinutes } = pending ?? args;
    const answer = ctx.inputResponses?.["startsAt"];
    const given = args.startsAt ?? ctx.accepted("startsAt", startsAtField)?.startsAt;
    if (given === undefined) {
      if (answer && "action" in answer && answer.action !== "accept") return `Not created: the start time was ${answer.action === "decline" ? "declined" : "cancelled"}.`;
      const startsAt = elicitForm({ message: `When does "${title}" start?`, schema: startsAtField });
      return ctx.inputRequired({ inputRequests: { startsAt }, requestState: { title, durationMinutes } satisfies Pending });
    }
    const startsAt = new Date(given).toISOString();
    addEvent({ title, startsAt, durationMinutes });
    return `Created "${title}" at ${startsAt} (${durationMinutes} min).`;
  },
);

const server = createServer({
  serverInfo: { name: "mcp-gen-calendar", version: "1.0.0" },
  instructions: "A calendar: read calendar://week, plan with the prepare_week prompt, add events with create_event.",
  tools: [createEvent],
  resources: [week],
  prompts: [prepareWeek],
  // The sealed requestState must open in whichever process serves the retry: share the secret.
  stateSecret: stateSecret(),
});

await serve(server);
