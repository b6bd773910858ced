// Where the runtimes' binaries are: the npm packages `deno`, `bun` and `workerd` (devDependencies).
// Each ships its binary in a platform package (@deno/linux-x64-glibc, @oven/bun-linux-x64,
// @cloudflare/workerd-linux-64, …) and a postinstall script that moves or links it into the main
// package. When install scripts are skipped (`--ignore-scripts`, or npm configured not to run
// them), the main package holds only a launcher: bun's is a shell script that exits 1 saying the
// postinstall did not run. So the platform package's binary comes first, then the main
// package's, taken only when it is a real executable (not a script).
import { existsSync, openSync, readSync, closeSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { platform, arch } = process;
const exe = platform === "win32" ? ".exe" : "";

const PLATFORM_PACKAGES = {
  deno: [[`@deno/${platform}-${arch === "arm64" ? "arm64" : "x64"}${platform === "linux" ? "-glibc" : ""}`, `deno${exe}`]],
  bun: ["", "-baseline", "-musl"].map((suffix) => [`@oven/bun-${platform === "win32" ? "windows" : platform}-${arch === "arm64" ? "aarch64" : "x64"}${suffix}`, `bin/bun${exe}`]),
  workerd: [[`@cloudflare/workerd-${platform === "win32" ? "windows" : platform}-${arch === "arm64" ? "arm64" : "64"}`, `bin/workerd${exe}`]],
};
const MAIN_BINARIES = { deno: `deno${exe}`, bun: `bin/bun.exe`, workerd: `bin/workerd${exe}` };

/** The folder of an installed package, looked up from `root` and from its main package. */
function packageDir(name, root, from) {
  for (const base of [createRequire(join(root, "package.json")), from && createRequire(join(from, "package.json"))].filter(Boolean)) {
    try {
      return dirname(base.resolve(`${name}/package.json`));
    } catch {
      // not installed there (an optional dependency of another platform)
    }
  }
  return undefined;
}

/** A native executable (ELF, Mach-O or PE), not a launcher script. */
function isNative(path) {
  if (!existsSync(path)) return false;
  const head = Buffer.alloc(4);
  const fd = openSync(path, "r");
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  return !head.subarray(0, 2).equals(Buffer.from("#!")) && /^(\x7fELF|MZ|\xcf\xfa\xed\xfe|\xca\xfe\xba\xbe)/.test(head.toString("latin1"));
}

/** The path of the `deno`, `bun` or `workerd` binary installed under `root`; throws with what was looked at when there is none. */
export function runtimeBinary(name, root = ROOT) {
  const main = packageDir(name, root);
  const candidates = [
    ...PLATFORM_PACKAGES[name].flatMap(([pkg, file]) => {
      const dir = packageDir(pkg, root, main);
      return dir ? [join(dir, file)] : [];
    }),
    ...(main ? [join(main, MAIN_BINARIES[name])] : []),
  ];
  const found = candidates.find(isNative);
  if (!found) throw new Error(`no ${name} binary for ${platform}-${arch}: looked at ${candidates.join(", ") || "nothing (is the npm package installed?)"}`);
  return found;
}

if (process.argv[1] && process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(MAIN_BINARIES)) console.log(`${name}: ${runtimeBinary(name)}`);
}
