// The multi round-trip (input_required) tools the conformance suite calls on 2026-07-28, with
// typed forms (`elicitForm`) read back with `ctx.accepted`.
import * as z from "zod";
import { elicitForm, tool, type RequestContext, type v2026_07_28 as M } from "../gen/index.js";
import { sample, sampled } from "./tools.js";

const askName = elicitForm({ message: "What is your name?", schema: z.object({ name: z.string() }) });
const confirm = elicitForm({ message: "Please confirm", schema: z.object({ ok: z.boolean() }) });
const step1 = elicitForm({ message: "Step 1: What is your name?", schema: z.object({ name: z.string() }) });
const step2 = elicitForm({ message: "Step 2: What is your favorite color?", schema: z.object({ color: z.string() }) });
const roots: M.ListRootsRequest = { method: "roots/list", params: {} };

/** The client's roots from a roots/list answer, if one was given. */
function rootsOf(ctx: RequestContext, key: string): M.Root[] | undefined {
  const answer = ctx.inputResponses?.[key];
  return answer && "roots" in answer ? answer.roots : undefined;
}

export function mrtrTools() {
  return [
    tool("test_input_required_result_elicitation", { description: "MRTR: asks for the caller's name with an elicitation" }, (_args, ctx) => {
      const answer = ctx.accepted("user_name", askName);
      return answer ? `Hello, ${answer.name}!` : ctx.inputRequired({ inputRequests: { user_name: askName } });
    }),
    tool("test_input_required_result_sampling", { description: "MRTR: asks for an LLM completion with a sampling request" }, (_args, ctx) => {
      const answer = sampled(ctx, "capital_question");
      return answer !== undefined ? `Sampling response: ${answer}` : ctx.inputRequired({ inputRequests: { capital_question: sample("What is the capital of France?", 100) } });
    }),
    tool("test_input_required_result_list_roots", { description: "MRTR: asks for the client's roots" }, (_args, ctx) => {
      const found = rootsOf(ctx, "client_roots");
      return found ? `Client exposed ${found.length} root(s): ${found.map((r) => r.uri).join(", ")}` : ctx.inputRequired({ inputRequests: { client_roots: roots } });
    }),
    tool("test_input_required_result_request_state", { description: "MRTR: keeps sealed requestState alongside an elicitation" }, (_args, ctx) => {
      if (ctx.accepted("confirm", confirm) && (ctx.requestState as { asked?: boolean } | undefined)?.asked) return "state-ok: requestState verified and confirmation received";
      return ctx.inputRequired({ inputRequests: { confirm }, requestState: { asked: true } });
    }),
    tool("test_input_required_result_multiple_inputs", { description: "MRTR: asks for elicitation, sampling and roots in one round" }, (_args, ctx) => {
      const name = ctx.accepted("user_name", askName)?.name;
      const greeting = sampled(ctx, "greeting");
      const found = rootsOf(ctx, "client_roots");
      if (name !== undefined && greeting !== undefined && found) return `${greeting} ${name} (${found.length} root(s) visible)`;
      return ctx.inputRequired({ inputRequests: { user_name: askName, greeting: sample("Generate a greeting", 50), client_roots: roots }, requestState: { round: 1 } });
    }),
    tool("test_input_required_result_multi_round", { description: "MRTR: two elicitation rounds with evolving requestState" }, (_args, ctx) => {
      const state = (ctx.requestState ?? {}) as { step?: number; name?: string };
      const name = state.step === 1 ? ctx.accepted("step1", step1)?.name : undefined;
      if (name !== undefined) return ctx.inputRequired({ inputRequests: { step2 }, requestState: { step: 2, name } });
      const color = state.step === 2 ? ctx.accepted("step2", step2)?.color : undefined;
      if (color !== undefined) return `Multi-round complete: ${state.name ?? "unknown"} likes ${color}`;
      return ctx.inputRequired({ inputRequests: { step1 }, requestState: { step: 1 } });
    }),
    tool("test_input_required_result_tampered_state", { description: "MRTR: a retry whose requestState fails verification is refused" }, (_args, ctx) =>
      ctx.requestState !== undefined && ctx.accepted("confirm", confirm) ? "integrity-ok: requestState verified" : ctx.inputRequired({ inputRequests: { confirm }, requestState: { minted: true } }),
    ),
    tool("test_input_required_result_capabilities", { description: "MRTR: only asks for input the declared client capabilities cover" }, (_args, ctx) => {
      if (ctx.inputResponses && Object.keys(ctx.inputResponses).length) return "Capability-aware input requests fulfilled";
      const caps = ctx.clientCapabilities;
      const requests: M.InputRequests = {};
      if (caps.elicitation) requests["user_name"] = askName;
      if (caps.sampling) requests["greeting"] = sample("Generate a short greeting", 50);
      if (caps.roots) requests["client_roots"] = roots;
      return Object.keys(requests).length ? ctx.inputRequired({ inputRequests: requests }) : "No declared client capability supports an in-band input request";
    }),
  ];
}
