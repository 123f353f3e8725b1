// Compiles src/search/scan/simd-kernel.wat into simd-kernel-wasm.ts (the bytes as base64), so the package ships no
// .wasm file and needs no compiler at run time. `--check` fails when the committed bytes are not the .wat's.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import wabtInit from "wabt";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src", "search", "scan");
const source = fs.readFileSync(path.join(dir, "simd-kernel.wat"), "utf8");
const wabt = await wabtInit();
const module = wabt.parseWat("simd-kernel.wat", source, { simd: true });
module.validate();
const base64 = Buffer.from(module.toBinary({}).buffer).toString("base64");
const text = `// Generated from simd-kernel.wat by \`npm run build:wasm\`; do not edit.\nexport const SIMD_KERNEL_WASM = "${base64}";\n`;
const out = path.join(dir, "simd-kernel-wasm.ts");
if (process.argv.includes("--check")) {
  if (fs.readFileSync(out, "utf8") !== text) throw new Error("simd-kernel-wasm.ts is stale: run npm run build:wasm");
} else fs.writeFileSync(out, text);
