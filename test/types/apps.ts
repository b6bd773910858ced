// Issue 54: MCP Apps, typed end to end. A tool's `ui` takes only a view made by uiResource; a
// page's calls and the tool-result notification are typed from the server's tool definitions.
import { z } from "zod";
import { resource, tool, uiResource } from "@gen-root";
import { appView, type AppLike } from "../../generated/2026-07-28/app.js";
import type { Assert, Equal } from "./assert.js";

const chartView = uiResource("ui://t/chart.html", { name: "Chart", prefersBorder: true }, () => "<p>chart</p>");
const plain = resource("file:///t/notes.txt", { name: "notes" }, () => "notes");

export const showChart = tool("show_chart", { input: z.object({ metric: z.enum(["cpu", "memory"]) }), output: z.object({ points: z.array(z.number()) }), ui: chartView }, (_args, ctx) => ctx.result({ structuredContent: { points: [1, 2] } }));
export const refresh = tool("refresh", { input: z.object({ metric: z.enum(["cpu", "memory"]), offset: z.number() }), output: z.object({ first: z.string() }), visibility: ["app"] }, (_args, ctx) => ctx.result({ structuredContent: { first: "t1" } }));

// @ts-expect-error: a URI string is not a view
export const byString = tool("by_string", { ui: "ui://t/chart.html" }, () => "x");
// @ts-expect-error: a resource that uiResource did not make is not a view
export const byResource = tool("by_resource", { ui: plain }, () => "x");
// @ts-expect-error: "agent" is not a visibility
export const badVisibility = tool("bad_visibility", { visibility: ["agent"] }, () => "x");

type Tools = typeof showChart | typeof refresh;
declare const app: AppLike;
const view = appView<Tools, "show_chart">(app);

export async function page(): Promise<void> {
  const result = await view.callServerTool({ name: "refresh", arguments: { metric: "cpu", offset: 1 } });
  if (!result.isError) {
    type _first = Assert<Equal<typeof result.structuredContent.first, string>>;
  }
  // @ts-expect-error: a misspelt tool name
  await view.callServerTool({ name: "refresh_", arguments: { metric: "cpu", offset: 1 } });
  // @ts-expect-error: a wrong argument type (offset is a number)
  await view.callServerTool({ name: "refresh", arguments: { metric: "cpu", offset: "1" } });
  // @ts-expect-error: a value outside the enum
  await view.callServerTool({ name: "refresh", arguments: { metric: "disk", offset: 1 } });
  // @ts-expect-error: a required argument left out
  await view.callServerTool({ name: "refresh", arguments: { metric: "cpu" } });
  view.onToolResult((r) => {
    if (r.isError) return;
    type _points = Assert<Equal<typeof r.structuredContent.points, number[]>>;
    // @ts-expect-error: show_chart's result has no `first`
    void r.structuredContent.first;
  });
}

// @ts-expect-error: the view is opened for a tool that is not among Tools
appView<Tools, "show_chrt">(app);
