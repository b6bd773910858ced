/**
 * The files of the default output (`.js` + `.d.ts`) for the files of an `--emit ts` output: each
 * module as `.js` + `.d.ts`, but the runtime's JavaScript as one module per role folder
 * (`runtime/<role>.js`, src/transpile/runtime-roles.ts) beside one `.d.ts` per source file.
 */
export function defaultOutputFiles(sources: readonly string[]): string[] {
  const files = new Set<string>();
  for (const source of sources) {
    const runtime = /^((?:.*\/)?runtime\/[\w-]+)\/[^/]+\.ts$/.exec(source);
    if (runtime) {
      files.add(`${runtime[1]}.js`);
      files.add(source.replace(/\.ts$/, ".d.ts"));
    } else if (source.endsWith(".ts")) {
      files.add(source.replace(/\.ts$/, ".js"));
      files.add(source.replace(/\.ts$/, ".d.ts"));
    } else files.add(source);
  }
  return [...files].sort();
}
