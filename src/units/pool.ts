// Several sources (two revisions, say) are built on two threads: this one and a worker, each
// taking the next unit when it is free, so a second revision costs about what the first does
// only when there is a second core. The outcome does not depend on the threads: outputs are put
// back in the sources' order, and the first failing source (in that order) is the error.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { GeneratorError } from "../errors.js";
import { buildUnit, type UnitOutput, type UnitRequest } from "./build.js";
import type { SerializedError, WorkerReply } from "./worker.js";

type Outcome = { output: UnitOutput } | { error: unknown };

/** The worker's module, when this is a built copy (sources run by a test runner have only worker.ts). */
const WORKER = new URL("./worker.js", import.meta.url);

/** `MCP_GEN_THREADS=1` keeps everything on one thread; `2` uses the worker even on one core. */
function threadsWanted(units: number): boolean {
  const wanted = process.env["MCP_GEN_THREADS"];
  if (units < 2 || wanted === "1") return false;
  return (wanted === "2" || availableParallelism() > 1) && WORKER.protocol === "file:" && existsSync(fileURLToPath(WORKER));
}

export async function buildUnits(requests: UnitRequest[]): Promise<UnitOutput[]> {
  const outcomes = threadsWanted(requests.length) ? await onTwoThreads(requests) : await inOrder(requests);
  return outcomes.map((outcome) => {
    if ("error" in outcome) throw outcome.error;
    return outcome.output;
  });
}

/** One thread: stops at the first failure, as the sources' order decides. */
async function inOrder(requests: UnitRequest[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const request of requests) {
    const outcome = await settle(buildUnit(request));
    outcomes.push(outcome);
    if ("error" in outcome) break;
  }
  return outcomes;
}

async function onTwoThreads(requests: UnitRequest[]): Promise<Outcome[]> {
  const outcomes = new Array<Outcome>(requests.length);
  let next = 0;
  const worker = new Worker(WORKER);
  let workerLost = false;
  try {
    const here = async () => {
      for (let i = next++; i < requests.length; i = next++) outcomes[i] = await settle(buildUnit(requests[i]!));
    };
    // A worker that died (a bug: the thread itself failed, not a schema) takes no further unit.
    const there = async () => {
      for (let i = next++; i < requests.length && !workerLost; i = next++) {
        outcomes[i] = await inWorker(worker, i, requests[i]!, () => (workerLost = true));
      }
    };
    await Promise.all([here(), there()]);
  } finally {
    await worker.terminate();
  }
  return outcomes;
}

function inWorker(worker: Worker, index: number, request: UnitRequest, lost: () => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const done = (outcome: Outcome) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      resolve(outcome);
    };
    const onMessage = (reply: WorkerReply) => {
      if (reply.index === index) done("error" in reply ? { error: revive(reply.error) } : { output: reply.output });
    };
    const onError = (error: Error) => (lost(), done({ error }));
    const onExit = (code: number) => (lost(), done({ error: new Error(`the generator's worker thread exited (code ${code}) while building a source`) }));
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    worker.postMessage({ index, request });
  });
}

function revive(error: SerializedError): Error {
  if (error.generator) return new GeneratorError(error.message, error.location);
  return Object.assign(new Error(error.message), { stack: error.stack });
}

function settle(work: Promise<UnitOutput>): Promise<Outcome> {
  return work.then(
    (output) => ({ output }),
    (error: unknown) => ({ error }),
  );
}
