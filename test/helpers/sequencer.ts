// Longest first (LPT scheduling), within each kind of worker (shared ones first): on two workers, a 60 s file that starts last keeps one core
// busy alone at the end of the run. A fresh clone has no vitest cache, so vitest's own order
// (cached durations, else file size) cannot know which files are slow: test/timings.json, a
// committed record of each file's duration (`npm run test:timings` after a quiet run), does.
// Files it does not list run first, as vitest runs unknown files first.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

function recordedDurations(root: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(join(root, "test/timings.json"), "utf8")) as Record<string, number>;
  } catch {
    return {}; // no record: every file counts as unknown, in vitest's own order
  }
}

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const durations = recordedDurations(root);
    const duration = (spec: TestSpecification): number => durations[relative(root, spec.moduleId).replace(/\\/g, "/")] ?? Infinity;
    // The files of shared workers (isolate: false) first, back to back: a worker is reused only
    // while the next file in the queue shares workers too.
    const shared = (spec: TestSpecification): number => (spec.project.config.isolate === false ? 0 : 1);
    const inVitestOrder = await super.sort(files);
    return inVitestOrder
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => shared(a.spec) - shared(b.spec) || duration(b.spec) - duration(a.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
