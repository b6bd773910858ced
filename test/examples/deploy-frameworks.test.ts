// examples/everything mounted at /mcp in Express 5, Hono (@hono/node-server) and Fastify 5, each
// started by its npm script: conformance on both eras, the body limit and the Host/Origin checks.
import { describeDeployed } from "../helpers/deployed-suite.js";

describeDeployed(["express", "hono", "fastify"]);
