import { describe, expect, it } from "vitest";
import { diffModels } from "../../src/diff/compare.js";
import { revisionModel } from "../helpers/models.js";

// Issue 34 item 8: a change to an abstract base that no concrete message sees is a note.
describe("abstract bases no concrete message sees", () => {
  it("2025-06-18 → 2025-11-25: Request/Notification params._meta is a type-level note, breaking nobody", () => {
    const found = diffModels(revisionModel("2025-06-18"), revisionModel("2025-11-25")).changes.filter((c) => c.path === "params._meta" && c.kind === "property-type");
    expect(found.map((c) => [c.group, c.level, c.breaking])).toEqual([
      ["Notification", "type", []],
      ["Request", "type", []],
    ]);
  });

  it("2025-11-25 → 2026-07-28: the required _meta keys concrete requests inherit still break clients", () => {
    const found = diffModels(revisionModel("2025-11-25"), revisionModel("2026-07-28")).changes.filter((c) => c.path === "_meta.io.modelcontextprotocol/protocolVersion");
    expect(found.map((c) => [c.level, c.breaking])).toEqual([["wire", ["clients"]]]);
  });
});
