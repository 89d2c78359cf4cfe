// A Vega-Lite specification (JSON on standard input) drawn as SVG (on standard output), by the Vega
// project's own libraries (web/node_modules: vega, vega-lite, the versions JupyterLab draws with),
// for the static book: gamekit.lessons.charts asks for it while the book is built, so the page shows
// the same chart that JupyterLab and JupyterLite draw from the same specification. A chart fitted
// to a phone's width there (gamekit.lessons.charts._fit) is drawn at the width it was made with
// (its usermeta.gamekitWidth): the book's pages keep a picture's size and let it scroll in its frame.
//   node tools/vega_svg.mjs < spec.json > chart.svg
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "web", "package.json"));
const vega = require("vega");
const vegaLite = require("vega-lite");

const spec = JSON.parse(readFileSync(0, "utf8"));
if (spec.usermeta && typeof spec.usermeta.gamekitWidth === "number") {
  spec.width = spec.usermeta.gamekitWidth;
  delete spec.autosize;
}
const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: "none" });
process.stdout.write(await view.toSVG());
