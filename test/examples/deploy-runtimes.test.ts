// examples/everything on other runtimes (a Deno, a Bun and a workerd process), each started by its
// npm script: conformance on both eras, the body limit and the Host/Origin checks.
import { describeDeployed } from "../helpers/deployed-suite.js";

describeDeployed(["deno", "bun", "workerd"]);
