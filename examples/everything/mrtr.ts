// The multi round-trip (input_required) tools the conformance suite calls on 2026-07-28.
import type { RequestContext, v2026_07_28 as M } from "../gen/index.js";
import { accepted, elicit, object, roots, sample, sampled, text, type ToolHandler } from "./tools.js";

type Tool = M.Tool & { run: ToolHandler };

const askName = () => elicit("What is your name?", { name: { type: "string" } }, ["name"]);

/** The client's roots from a roots/list answer, if one was given. */
function rootsOf(ctx: RequestContext, key: string): M.Root[] | undefined {
  const answer = ctx.inputResponses?.[key];
  return answer && "roots" in answer ? answer.roots : undefined;
}

export function mrtrTools(): Tool[] {
  return [
    {
      name: "test_input_required_result_elicitation",
      description: "MRTR: asks for the caller's name with an elicitation",
      inputSchema: object(),
      run: (_args, ctx) => {
        const name = accepted(ctx, "user_name")?.["name"];
        return typeof name === "string" ? text(`Hello, ${name}!`) : ctx.inputRequired({ inputRequests: { user_name: askName() } });
      },
    },
    {
      name: "test_input_required_result_sampling",
      description: "MRTR: asks for an LLM completion with a sampling request",
      inputSchema: object(),
      run: (_args, ctx) => {
        const answer = sampled(ctx, "capital_question");
        return answer !== undefined ? text(`Sampling response: ${answer}`) : ctx.inputRequired({ inputRequests: { capital_question: sample("What is the capital of France?", 100) } });
      },
    },
    {
      name: "test_input_required_result_list_roots",
      description: "MRTR: asks for the client's roots",
      inputSchema: object(),
      run: (_args, ctx) => {
        const found = rootsOf(ctx, "client_roots");
        return found ? text(`Client exposed ${found.length} root(s): ${found.map((r) => r.uri).join(", ")}`) : ctx.inputRequired({ inputRequests: { client_roots: roots } });
      },
    },
    {
      name: "test_input_required_result_request_state",
      description: "MRTR: keeps sealed requestState alongside an elicitation",
      inputSchema: object(),
      run: (_args, ctx) => {
        if (accepted(ctx, "confirm") && (ctx.requestState as { asked?: boolean } | undefined)?.asked) return text("state-ok: requestState verified and confirmation received");
        return ctx.inputRequired({ inputRequests: { confirm: elicit("Please confirm", { ok: { type: "boolean" } }, ["ok"]) }, requestState: { asked: true } });
      },
    },
    {
      name: "test_input_required_result_multiple_inputs",
      description: "MRTR: asks for elicitation, sampling and roots in one round",
      inputSchema: object(),
      run: (_args, ctx) => {
        const name = accepted(ctx, "user_name")?.["name"];
        const greeting = sampled(ctx, "greeting");
        const found = rootsOf(ctx, "client_roots");
        if (typeof name === "string" && greeting !== undefined && found) return text(`${greeting} ${name} (${found.length} root(s) visible)`);
        return ctx.inputRequired({ inputRequests: { user_name: askName(), greeting: sample("Generate a greeting", 50), client_roots: roots }, requestState: { round: 1 } });
      },
    },
    {
      name: "test_input_required_result_multi_round",
      description: "MRTR: two elicitation rounds with evolving requestState",
      inputSchema: object(),
      run: (_args, ctx) => {
        const state = (ctx.requestState ?? {}) as { step?: number; name?: string };
        if (state.step === 1) {
          const name = accepted(ctx, "step1")?.["name"];
          if (typeof name === "string") return ctx.inputRequired({ inputRequests: { step2: elicit("Step 2: What is your favorite color?", { color: { type: "string" } }, ["color"]) }, requestState: { step: 2, name } });
        }
        if (state.step === 2) {
          const color = accepted(ctx, "step2")?.["color"];
          if (typeof color === "string") return text(`Multi-round complete: ${state.name ?? "unknown"} likes ${color}`);
        }
        return ctx.inputRequired({ inputRequests: { step1: elicit("Step 1: What is your name?", { name: { type: "string" } }, ["name"]) }, requestState: { step: 1 } });
      },
    },
    {
      name: "test_input_required_result_tampered_state",
      description: "MRTR: a retry whose requestState fails verification is refused",
      inputSchema: object(),
      run: (_args, ctx) => (ctx.requestState !== undefined && accepted(ctx, "confirm") ? text("integrity-ok: requestState verified") : ctx.inputRequired({ inputRequests: { confirm: elicit("Please confirm", { ok: { type: "boolean" } }, ["ok"]) }, requestState: { minted: true } })),
    },
    {
      name: "test_input_required_result_capabilities",
      description: "MRTR: only asks for input the declared client capabilities cover",
      inputSchema: object(),
      run: (_args, ctx) => {
        if (ctx.inputResponses && Object.keys(ctx.inputResponses).length) return text("Capability-aware input requests fulfilled");
        const caps = ctx.clientCapabilities;
        const requests: M.InputRequests = {};
        if (caps.elicitation) requests["user_name"] = askName();
        if (caps.sampling) requests["greeting"] = sample("Generate a short greeting", 50);
        if (caps.roots) requests["client_roots"] = roots;
        return Object.keys(requests).length ? ctx.inputRequired({ inputRequests: requests }) : text("No declared client capability supports an in-band input request");
      },
    },
  ];
}
