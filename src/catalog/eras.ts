// Which revisions a catalog's protocol output holds by default: the one the server negotiated and
// the newest of the other era, so protocol/connect.js still reaches the server if it moves between
// the stateless era (server/discover, `_meta` on every request) and the initialize-based one.
// Eras are read off each revision's model, never off a list of names; pins are read newest first
// and only as far as needed, so (with today's pins) no schema is read that is not emitted.
import { buildModel } from "../generate.js";
import { analyze } from "../model/analyze.js";
import type { ServerFacts } from "../model/surface.js";
import { byText } from "../model/order.js";
import type { SchemaSource } from "../schema/resolve.js";
import { hashText } from "../project.js";

export type Era = ServerFacts["era"];

/** Reads a revision's schema (from the spec root or the project cache). */
export type SchemaReader = (revision: string) => Promise<SchemaSource>;

/** Eras already derived in this process, by the schema's sha256 (a model takes a while to build). */
const known = new Map<string, Era>();

export async function eraOf(source: SchemaSource): Promise<Era> {
  const key = hashText(source.text);
  let era = known.get(key);
  if (era === undefined) {
    const { model } = await buildModel(source);
    era = analyze(model).server.era;
    known.set(key, era);
  }
  return era;
}

/** The newest pinned revision (of `candidates`, newest first) whose era is `era`, reading no further. */
async function newestOf(era: Era, candidates: string[], read: SchemaReader): Promise<string | undefined> {
  for (const revision of candidates) if ((await eraOf(await read(revision))) === era) return revision;
  return undefined;
}

const OTHER: Record<Era, Era> = { stateless: "session", session: "stateless" };

/**
 * The revisions to connect with before the server is known: the newest pinned revision and the
 * newest of the other era.
 */
export async function currentRevisions(pinned: string[], read: SchemaReader): Promise<string[]> {
  const newestFirst = [...pinned].sort(byText).reverse();
  if (!newestFirst.length) return [];
  return revisionsFor(newestFirst[0]!, pinned, read);
}

/** `negotiated` and, when there is one, the newest pinned revision of the other era; sorted. */
export async function revisionsFor(negotiated: string, pinned: string[], read: SchemaReader): Promise<string[]> {
  const era = await eraOf(await read(negotiated));
  const candidates = [...pinned].filter((r) => r !== negotiated).sort(byText).reverse();
  const other = await newestOf(OTHER[era], candidates, read);
  return [negotiated, ...(other ? [other] : [])].sort(byText);
}
