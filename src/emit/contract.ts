import type { Facts } from "../model/analyze.js";
import type { OutputFile } from "./common.js";

/** What an emitter gets besides its facts: where the runtime is, and the templates with this output's header. */
export interface EmitContext {
  readonly generatorVersion: string;
  /** Import path from the emitted folder to the runtime folder (`./runtime`, `../runtime`). */
  readonly runtimeImport: string;
  /** Renders `templates/<name>.hbs` with the provenance header, the generator version and `runtime`. */
  render(name: string, data?: object): string;
}

/**
 * The one shape of every emitter: facts in, files out (paths relative to the folder it emits),
 * pure, deterministic and unformatted. A revision's emitters take the analysis of its model; the
 * catalog's and the root's take facts of their own built on it.
 */
export type Emitter<F = Facts> = (facts: F, context: EmitContext) => OutputFile[];
