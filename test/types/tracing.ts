// Facts of the tracing option (issue 55 item 1): `true` or the OpenTelemetry SDK's own providers
// fit createServer, createClient and connect; anything else is refused.
import { MeterProvider } from "@opentelemetry/sdk-metrics";
import { TracerProvider } from "@opentelemetry/sdk-trace";
import { connect, createClient, createServer, StreamableHttpTransport, type TracingOptions } from "@gen-root";

const tracing: TracingOptions = { tracerProvider: new TracerProvider(), meterProvider: new MeterProvider() };
const clientInfo = { name: "traced", version: "1.0.0" };

export const server = createServer({ serverInfo: { name: "traced", version: "1.0.0" }, tracing });
export const globalServer = createServer({ serverInfo: { name: "traced", version: "1.0.0" }, tracing: true });
export const client = createClient(new StreamableHttpTransport("http://127.0.0.1:3000/mcp"), { clientInfo, tracing: { tracerProvider: new TracerProvider() } });
export const connected = connect(() => new StreamableHttpTransport("http://127.0.0.1:3000/mcp"), { clientInfo, tracing: true });

// @ts-expect-error: tracing is true or providers, not a string
export const wrong = createServer({ serverInfo: { name: "traced", version: "1.0.0" }, tracing: "on" });
// @ts-expect-error: a tracer provider has getTracer
export const notAProvider = createClient(new StreamableHttpTransport("http://127.0.0.1:3000/mcp"), { clientInfo, tracing: { tracerProvider: {} } });
