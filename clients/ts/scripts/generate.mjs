// Generates src/schema.ts from the contract with openapi-typescript, as
// `openapi-typescript ../../openapi/openapi.yaml -o src/schema.ts` would,
// plus one transform: `format: binary` becomes Blob (the CLI types it as
// string), so the photo fallback upload takes bytes without a cast.
// `node scripts/generate.mjs --check` fails when src/schema.ts is stale.
import fs from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

const spec = new URL("../../../openapi/openapi.yaml", import.meta.url);
const out = new URL("../src/schema.ts", import.meta.url);

const ast = await openapiTS(spec, {
  transform(schema) {
    if (schema.format === "binary") {
      return ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
    }
    return undefined;
  },
});
const text =
  "// Generated from openapi/openapi.yaml by clients/ts/scripts/generate.mjs\n" +
  "// (openapi-typescript). Do not edit: run `npm run generate`.\n\n" +
  astToString(ast);

if (process.argv.includes("--check")) {
  const have = fs.existsSync(out) ? fs.readFileSync(out, "utf8") : "";
  if (have !== text) {
    console.error("clients/ts/src/schema.ts is stale: run `make client-ts-generate` (npm run generate in clients/ts)");
    process.exit(1);
  }
  console.log("clients/ts/src/schema.ts is fresh");
} else {
  fs.writeFileSync(out, text);
}
