// One validator variant in a fresh process (zod/compile switches Zod globally), beside the
// yardstick, Ajv: validates the corpus in rounds of a fixed duration, the variant's and Ajv's in
// alternation, and prints JSON: messages per second of each (median of the rounds) and the median
// of the rounds' ratios. A machine whose speed changes from second to second (a shared VM) then
// slows both sides of a ratio alike.
//   node bench/validate-worker.mjs <variant> <generated index.js URL> <corpus.json> <schema.json> <rounds> <round ms>
// Variants: fast (mcp-gen isX), zod (mcp-gen XSchema.safeParse), zod-compiled (the same after
// `import "zod/compile"`), sdk (@modelcontextprotocol/core's Zod schemas); the yardstick is Ajv 8
// on schema.json.
const [variant, moduleUrl, corpusFile, schemaJsonFile, roundsArg, roundMsArg] = process.argv.slice(2);
if (variant === "zod-compiled") await import("zod/compile");
const { readFileSync } = await import("node:fs");
const corpus = JSON.parse(readFileSync(corpusFile, "utf8"));
const { ajvValidators } = await import("./ajv-yardstick.mjs");

/**
 * The SDK validates a message with `<Type>Schema` where @modelcontextprotocol/core exports one;
 * a `…ResultResponse` (core has none) as JSONRPCResultResponseSchema plus the `…ResultSchema` of
 * its result. Other types are not covered (counted apart).
 */
async function sdkValidators() {
  const core = await import("@modelcontextprotocol/core");
  return (type) => {
    const own = core[`${type}Schema`];
    if (own) return (value) => own.safeParse(value).success;
    const result = /^(\w+Result)Response$/.exec(type) && core[`${type.replace(/Response$/, "")}Schema`];
    if (!result) return undefined;
    const envelope = core.JSONRPCResultResponseSchema;
    return (value) => envelope.safeParse(value).success && result.safeParse(value.result).success;
  };
}

async function generatedOrSdk() {
  return variant === "sdk" ? sdkValidators() : generatedValidators();
}

async function generatedValidators() {
  const generated = await import(moduleUrl);
  if (variant === "fast") return (type) => generated[`is${type}`];
  return (type) => {
    const schema = generated[`${type}Schema`];
    return (value) => schema.safeParse(value).success;
  };
}

/** The validator of each message of the corpus that `forType` covers. */
function casesOf(forType) {
  return corpus.flatMap(({ type, value }) => {
    const check = forType(type);
    return check ? [{ check, value }] : [];
  });
}

/**
 * A round function of its own per validator (new Function: no shared call-site feedback between
 * the two), which validates the cases for about `ms` milliseconds and returns messages per second.
 */
function rounder() {
  return new Function("cases", "ms", `
    const started = process.hrtime.bigint();
    const limit = BigInt(Math.round(ms * 1e6));
    let done = 0;
    for (;;) {
      for (let i = 0; i < cases.length; i++) cases[i].check(cases[i].value);
      done += cases.length;
      const elapsed = process.hrtime.bigint() - started;
      if (elapsed >= limit) return done / (Number(elapsed) / 1e9);
    }`);
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const cases = casesOf(await generatedOrSdk());
const yardstick = casesOf(await ajvValidators(schemaJsonFile));
const accepted = (list) => list.reduce((sum, c) => sum + (c.check(c.value) ? 1 : 0), 0);
const report = { variant, covered: cases.length, total: corpus.length, accepted: accepted(cases), ajv: { covered: yardstick.length, accepted: accepted(yardstick) } };
if (!cases.length) {
  console.log(JSON.stringify({ ...report, median: null, min: null, max: null, ratio: null }));
  process.exit(0);
}

// Warm-up (a corpus exercises hundreds of functions, and the JIT takes a while to settle), then
// rounds of the variant and of Ajv in alternation: each pair of rounds ran under the same load.
const roundMs = Number(roundMsArg);
const mine = { run: rounder(), cases, rates: [] };
const ajv = { run: rounder(), cases: yardstick, rates: [] };
for (const side of [mine, ajv]) side.run(side.cases, Math.max(1500, roundMs * 4));
for (let r = 0; r < Number(roundsArg); r++) for (const side of r % 2 ? [ajv, mine] : [mine, ajv]) side.rates.push(side.run(side.cases, roundMs));
const ratios = mine.rates.map((rate, i) => rate / ajv.rates[i]);
console.log(JSON.stringify({ ...report, median: median(mine.rates), min: Math.min(...mine.rates), max: Math.max(...mine.rates), ratio: median(ratios), ajv: { ...report.ajv, median: median(ajv.rates) } }));
