import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { emitRuntime } from "../../src/emit/index.js";
import { GENERATOR_VERSION } from "../../src/version.js";
import { formatFiles } from "../../src/write/format.js";
import { preformatted } from "../../src/write/preformatted.js";

// The runtime is formatted once at build time (dist/preformatted.json, read by
// src/write/preformatted.ts); prettier itself is the oracle for what generation writes.
describe("the build-time formatted runtime", () => {
  const runtime = emitRuntime({ generatorVersion: GENERATOR_VERSION });

  it("holds every runtime file, each exactly as prettier formats it with its defaults", async () => {
    expect(runtime.length).toBeGreaterThan(20);
    for (const file of runtime) {
      const ready = preformatted(file.content, prettier.version);
      expect(ready, file.path).toBeDefined();
      expect(ready, file.path).toBe(await prettier.format(file.content, { parser: "typescript", filepath: file.path }));
    }
  });

  it("is used only for prettier's defaults and the exact text it was made from", async () => {
    const [file] = runtime;
    expect(preformatted(`${file!.content}\n// edited\n`, prettier.version)).toBeUndefined();
    expect(preformatted(file!.content, "0.0.0-another-prettier")).toBeUndefined();
    const tabs = await formatFiles([file!], { options: { parser: "typescript", useTabs: true }, defaults: false });
    expect(tabs[0]!.content).toMatch(/^\t/m);
    const plain = await formatFiles([file!], { options: { parser: "typescript" }, defaults: true });
    expect(plain[0]!.content).toBe(await prettier.format(file!.content, { parser: "typescript", filepath: file!.path }));
  });
});
