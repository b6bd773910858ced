// One validator variant in a fresh process (zod/compile switches Zod globally): validates the
// corpus in rounds of a fixed duration and prints JSON: messages per second (median of the rounds).
//   node bench/validate-worker.mjs <variant> <generated index.js URL> <corpus.json> <schema.json> <rounds> <round ms>
// Variants: fast (mcp-gen isX), zod (mcp-gen XSchema.safeParse), zod-compiled (the same after
// `import "zod/compile"`), sdk (@modelcontextprotocol/core's Zod schemas), ajv (Ajv 8 on schema.json).
const [variant, moduleUrl, corpusFile, schemaJsonFile, roundsArg, roundMsArg] = process.argv.slice(2);
if (variant === "zod-compiled") await import("zod/compile");
const { readFileSync } = await import("node:fs");
const corpus = JSON.parse(readFileSync(corpusFile, "utf8"));

async function ajvValidators() {
  const schema = JSON.parse(readFileSync(schemaJsonFile, "utf8"));
  const is2020 = String(schema.$schema).includes("2020-12");
  const { default: Ajv } = await import(is2020 ? "ajv/dist/2020.js" : "ajv");
  const { default: addFormats } = await import("ajv-formats");
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  ajv.addSchema({ ...schema, $id: "mcp" });
  const section = is2020 ? "$defs" : "definitions";
  return (type) => ajv.getSchema(`mcp#/${section}/${type}`);
}

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

async function generatedValidators() {
  const generated = await import(moduleUrl);
  if (variant === "fast") return (type) => generated[`is${type}`];
  return (type) => {
    const schema = generated[`${type}Schema`];
    return (value) => schema.safeParse(value).success;
  };
}

const forType = variant === "ajv" ? await ajvValidators() : variant === "sdk" ? await sdkValidators() : await generatedValidators();
const cases = corpus.flatMap(({ type, value }) => {
  const check = forType(type);
  return check ? [{ check, value }] : [];
});
let accepted = 0;
for (const c of cases) accepted += c.check(c.value) ? 1 : 0;
if (!cases.length) {
  console.log(JSON.stringify({ variant, covered: 0, total: corpus.length, accepted, median: null, min: null, max: null }));
  process.exit(0);
}

/** Validates for about `ms` milliseconds; messages per second. */
function round(ms) {
  const started = process.hrtime.bigint();
  const limit = BigInt(Math.round(ms * 1e6));
  let done = 0;
  for (;;) {
    for (let i = 0; i < cases.length; i++) cases[i].check(cases[i].value);
    done += cases.length;
    const elapsed = process.hrtime.bigint() - started;
    if (elapsed >= limit) return done / (Number(elapsed) / 1e9);
  }
}

const roundMs = Number(roundMsArg);
round(Math.max(1500, roundMs * 4)); // warm-up: a corpus exercises hundreds of functions, and the JIT takes a while to settle
const rates = Array.from({ length: Number(roundsArg) }, () => round(roundMs)).sort((a, b) => a - b);
console.log(JSON.stringify({ variant, covered: cases.length, total: corpus.length, accepted, median: rates[rates.length >> 1], min: rates[0], max: rates[rates.length - 1] }));
