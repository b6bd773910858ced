// Builds the apps example's pages: each pages/<name>.ts bundled with esbuild (the project's
// bundler; ext-apps's App included, as a view is one self-contained HTML document) into the
// `/*BUNDLE*/` slot of pages/<name>.html. The type check is examples/tsconfig.json's (build.mjs).
// `node examples/apps/build-pages.mjs [DIR]` writes DIR/<name>.html (default examples/dist-apps).
import { build } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
export const PAGES = ["chart", "form"];

/** The page's HTML, its script bundled in. */
export async function buildPage(name) {
  const result = await build({ entryPoints: [join(HERE, "pages", `${name}.ts`)], bundle: true, write: false, format: "esm", platform: "browser", target: "es2022", minify: true, logLevel: "error" });
  // A `</script` inside the code would end the inline script early.
  const code = result.outputFiles[0].text.replaceAll("</script", "<\\/script");
  const html = readFileSync(join(HERE, "pages", `${name}.html`), "utf8");
  if (!html.includes("/*BUNDLE*/")) throw new Error(`pages/${name}.html has no /*BUNDLE*/ slot`);
  return html.replace("/*BUNDLE*/", () => code);
}

/** Builds every page into `dir`; resolves with { name: html }. */
export async function buildPages(dir) {
  const pages = {};
  for (const name of PAGES) pages[name] = await buildPage(name);
  if (dir) {
    mkdirSync(dir, { recursive: true });
    for (const [name, html] of Object.entries(pages)) writeFileSync(join(dir, `${name}.html`), html);
  }
  return pages;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(HERE, "../dist-apps"));
  await buildPages(dir);
  console.error(`built ${PAGES.join(", ")} into ${dir}`);
}
