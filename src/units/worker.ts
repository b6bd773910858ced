// The second thread of a multi-source generation (pool.ts): builds the units it is sent and posts
// each outcome back; a GeneratorError keeps its message and source location across the thread.
import { parentPort } from "node:worker_threads";
import { GeneratorError } from "../errors.js";
import { buildUnit, type UnitRequest } from "./build.js";

export type WorkerReply = { index: number; output: Awaited<ReturnType<typeof buildUnit>> } | { index: number; error: SerializedError };

export interface SerializedError {
  generator: boolean;
  message: string;
  location?: GeneratorError["location"];
  stack?: string | undefined;
}

function serialize(error: unknown): SerializedError {
  if (error instanceof GeneratorError) return { generator: true, message: error.message, ...(error.location ? { location: error.location } : {}) };
  const e = error instanceof Error ? error : new Error(String(error));
  return { generator: false, message: e.message, stack: e.stack };
}

parentPort?.on("message", (message: { index: number; request: UnitRequest }) => {
  buildUnit(message.request).then(
    (output) => parentPort!.postMessage({ index: message.index, output } satisfies WorkerReply),
    (error: unknown) => parentPort!.postMessage({ index: message.index, error: serialize(error) } satisfies WorkerReply),
  );
});
