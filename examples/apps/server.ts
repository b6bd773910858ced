// Two MCP Apps on generated code only: a chart and a form. Each app tool names its view by value
// (`ui: chartView`): a URI string, or a resource that uiResource did not make, does not compile.
// The views call the app-only tools (`visibility: ["app"]`) through the host; their code
// (pages/*.ts) is typed from `AppTools` below. The pages' HTML comes from `page(name)`, so that the
// same declarations serve the built files (main.ts) or pages built in a test.
import * as z from "zod";
import { apps, createServer, tool, uiResource, type McpServer } from "../gen/server.js";
// The extension's generated object (`--extension apps`): its id, its METHODS (view <-> host, none the server answers), its types' validators.
import { EXTENSION as UI } from "../gen/2026-07-28/ext/ui/index.js";

export type PageName = "chart" | "form";
export type PageLoader = (name: PageName) => string | Promise<string>;

const points = z.array(z.object({ label: z.string(), value: z.number() }));

/** The views and tools of the example, their pages read through `page`. */
export function appDefinitions(page: PageLoader) {
  const chartView = uiResource("ui://apps/chart.html", { name: "Chart", description: "A bar chart of one metric", prefersBorder: true }, () => page("chart"));
  const formView = uiResource("ui://apps/form.html", { name: "Signup form", description: "A form that signs a user up", csp: { connectDomains: [] } }, () => page("form"));

  const showChart = tool(
    "show_chart",
    { description: "Shows a metric as a bar chart", input: z.object({ metric: z.enum(["cpu", "memory"]) }), output: z.object({ metric: z.string(), points }), ui: chartView },
    ({ metric }, ctx) => ctx.result({ structuredContent: { metric, points: sample(metric, 0) } }),
  );
  const chartData = tool(
    "chart_data",
    { description: "The points of a metric, shifted by `offset` (for the chart's refresh button)", input: z.object({ metric: z.enum(["cpu", "memory"]), offset: z.number().int() }), output: z.object({ points }), visibility: ["app"] },
    ({ metric, offset }, ctx) => ctx.result({ structuredContent: { points: sample(metric, offset) } }),
  );
  const openForm = tool("open_form", { description: "Opens the signup form", input: z.object({}), output: z.object({ plans: z.array(z.string()) }), ui: formView }, (_args, ctx) =>
    ctx.result({ structuredContent: { plans: ["free", "team"] } }),
  );
  const submitForm = tool(
    "submit_form",
    { description: "Signs a user up", input: z.object({ email: z.string(), plan: z.enum(["free", "team"]) }), output: z.object({ accepted: z.boolean(), id: z.string() }), visibility: ["app"] },
    ({ email, plan }, ctx) => ctx.result({ structuredContent: { accepted: email.includes("@"), id: `${plan}-${email.length}` } }),
  );
  return { chartView, formView, tools: [showChart, chartData, openForm, submitForm] as const };
}

/** What the pages may call: every tool of the example, by name, with its arguments and result. */
export type AppTools = ReturnType<typeof appDefinitions>["tools"][number];

/** The example's server. The chart's view is in `resources` too (a view need not be; listing it twice is no error). */
export function createAppsServer(page: PageLoader): McpServer {
  const { chartView, tools } = appDefinitions(page);
  return createServer({ serverInfo: { name: "apps-example", version: "1.0.0" }, tools: [...tools], resources: [chartView], extensions: [apps(UI)] });
}

function sample(metric: "cpu" | "memory", offset: number): Array<{ label: string; value: number }> {
  const base = metric === "cpu" ? [42, 55, 61, 48] : [70, 72, 75, 71];
  return base.map((value, i) => ({ label: `t${i + offset}`, value: (value + offset * 7) % 100 }));
}
