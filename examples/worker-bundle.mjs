// Bundles a module worker for workerd (examples/deploy.mjs, test/runtime/workerd.test.ts): one ES
// module, browser platform (zod's web build), no nodejs_compat. Any `node:` import left in the
// bundle is an error: the generated toFetchHandler path must not need one.
import { build } from "esbuild";

/** Bundles `entryPoint` into `outfile`; resolves with every import the bundle still makes (none, or it throws). */
export async function bundleWorker(entryPoint, outfile) {
  const result = await build({ entryPoints: [entryPoint], outfile, bundle: true, format: "esm", platform: "browser", conditions: ["workerd", "worker", "browser"], metafile: true, logLevel: "error" });
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
  const nodeImports = imports.filter((path) => path.startsWith("node:"));
  if (nodeImports.length) throw new Error(`the worker bundle imports ${nodeImports.join(", ")}`);
  return imports;
}

/** A workerd config serving `bundle` (a path relative to the config) on 127.0.0.1:port, with `extra` Worker fields. */
export function workerdConfig(bundle, port, extra = "") {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "${bundle}")],
  compatibilityDate = "2026-11-01",${extra}
);
`;
}
