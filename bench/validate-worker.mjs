// One validator variant in its own process (zod/compile switches Zod globally): validates the
// corpus repeatedly and prints the median throughput as JSON.
const [variant, moduleUrl, corpusFile, schemaJsonFile, roundsArg, itemsArg] = process.argv.slice(2);
if (variant === "zod-compiled") await import("zod/compile");
const { readFileSync } = await import("node:fs");
const corpus = JSON.parse(readFileSync(corpusFile, "utf8"));

async function validators() {
  if (variant === "ajv") {
    const { default: Ajv2020 } = await import("ajv/dist/2020.js");
    const { default: addFormats } = await import("ajv-formats");
    const schema = JSON.parse(readFileSync(schemaJsonFile, "utf8"));
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ ...schema, $id: "mcp" });
    return (type) => {
      const validate = ajv.getSchema(`mcp#/$defs/${type}`);
      return (value) => validate(value);
    };
  }
  const generated = await import(moduleUrl);
  return (type) => {
    const schema = generated[`${type}Schema`];
    return (value) => schema.safeParse(value).success;
  };
}

const forType = await validators();
const cases = corpus.map(({ type, value }) => ({ check: forType(type), value }));
const rounds = Number(roundsArg);
const target = Number(itemsArg);
let accepted = 0;
for (const c of cases) accepted += c.check(c.value) ? 1 : 0;
for (let i = 0; i < target / 4; i++) cases[i % cases.length].check(cases[i % cases.length].value); // warm-up
const rates = [];
for (let r = 0; r < rounds; r++) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < target; i++) cases[i % cases.length].check(cases[i % cases.length].value);
  rates.push(target / (Number(process.hrtime.bigint() - started) / 1e9));
}
rates.sort((a, b) => a - b);
console.log(JSON.stringify({ variant, accepted, total: cases.length, median: rates[Math.floor(rates.length / 2)], min: rates[0], max: rates[rates.length - 1] }));
