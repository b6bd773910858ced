// The chart's view: shows the result of show_chart (the host sends it as
// ui/notifications/tool-result), and refreshes through the app-only tool chart_data. Both are
// typed from the server's declarations: `chart_dta`, `offset: "1"` or `result.structuredContent.pts`
// do not compile.
import { App } from "@modelcontextprotocol/ext-apps";
import { appView } from "../../gen/2026-07-28/app.js";
import type { AppTools } from "../server.js";

type Point = { label: string; value: number };

const app = new App({ name: "chart", version: "1.0.0" });
const view = appView<AppTools, "show_chart">(app);
const bars = document.getElementById("bars")!;
const status = document.getElementById("status")!;
let metric: "cpu" | "memory" = "cpu";
let offset = 0;

function draw(points: Point[]): void {
  bars.replaceChildren(
    ...points.map((p) => {
      const bar = document.createElement("div");
      bar.className = "bar";
      bar.style.height = `${p.value * 2}px`;
      bar.title = `${p.label}: ${p.value}`;
      bar.textContent = String(p.value);
      return bar;
    }),
  );
}

view.onToolResult((result) => {
  if (result.isError) return void (status.textContent = "the tool failed");
  metric = result.structuredContent.metric === "memory" ? "memory" : "cpu";
  draw(result.structuredContent.points);
  status.textContent = `${result.structuredContent.metric}: from the tool result`;
});

document.getElementById("refresh")!.addEventListener("click", async () => {
  offset += 1;
  const result = await view.callServerTool({ name: "chart_data", arguments: { metric, offset } });
  if (result.isError) return void (status.textContent = "refresh failed");
  draw(result.structuredContent.points);
  status.textContent = `${metric}: refreshed ${offset}, first ${result.structuredContent.points[0]?.label}`;
});

await app.connect();
status.textContent = "connected";
