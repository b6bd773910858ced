// Where a corpus's time goes, per message type: the fast path (`isX`) and Ajv in one process.
// Both first validate the whole corpus for a while (so that every validator has met every object
// shape of the corpus, as in the rounds of validate-worker.mjs), then each type's messages are
// timed on their own, the two validators in alternation, 7 times; the medians in ns per message.
// Prints JSON: [{ type, messages, fastNs, ajvNs }].
//   node bench/validate-types-worker.mjs <generated index.js URL> <corpus.json> <schema.json>
const [moduleUrl, corpusFile, schemaJsonFile] = process.argv.slice(2);
const { readFileSync } = await import("node:fs");
const corpus = JSON.parse(readFileSync(corpusFile, "utf8"));
const generated = await import(moduleUrl);
const { ajvValidators } = await import("./ajv-yardstick.mjs");
const ajvFor = await ajvValidators(schemaJsonFile);
const fast = corpus.map(({ type, value }) => ({ type, value, check: generated[`is${type}`] }));
const ajv = corpus.map(({ type, value }) => ({ type, value, check: ajvFor(type) }));
if (fast.some((c) => !c.check) || ajv.some((c) => !c.check)) throw new Error("a message type without a validator");

/** A loop of its own per validator (new Function: no shared call-site feedback): ns per message. */
const timer = () =>
  new Function("cases", "repeat", `
    const started = process.hrtime.bigint();
    for (let r = 0; r < repeat; r++) for (let i = 0; i < cases.length; i++) cases[i].check(cases[i].value);
    return Number(process.hrtime.bigint() - started) / (repeat * cases.length);`);
const time = { fast: timer(), ajv: timer() };
for (let i = 0; i < 5; i++) for (const side of ["fast", "ajv"]) time[side](side === "fast" ? fast : ajv, 3000);

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const rows = [...new Set(corpus.map((c) => c.type))].map((type) => {
  const mine = fast.filter((c) => c.type === type);
  const theirs = ajv.filter((c) => c.type === type);
  const repeat = Math.ceil(100_000 / mine.length);
  const samples = { fast: [], ajv: [] };
  for (let k = 0; k < 7; k++) for (const side of k % 2 ? ["ajv", "fast"] : ["fast", "ajv"]) samples[side].push(time[side](side === "fast" ? mine : theirs, repeat));
  return { type, messages: mine.length, fastNs: median(samples.fast), ajvNs: median(samples.ajv) };
});
console.log(JSON.stringify(rows));
