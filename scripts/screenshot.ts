// A PNG of a web page as headless Chromium renders it, e.g. the demo's status page for docs/emulator.md:
//   bash scripts/demo.sh --keep       # prints the page's address, keeps the emulator running
//   npx ts-node --transpile-only scripts/screenshot.ts http://127.0.0.1:<port>/status/acme docs/status-page.png
import * as fs from "node:fs";
import { Chromium } from "./chromium";

async function main(): Promise<void> {
  const [url, out, width = "900"] = process.argv.slice(2);
  if (!url || !out) {
    process.stderr.write("usage: screenshot.ts <url> <out.png> [viewport width, default 900]\n");
    process.exit(2);
  }
  const browser = await Chromium.launch();
  try {
    // A short viewport: the PNG is as tall as the document, without blank space below it.
    const page = await browser.newPage(Number(width), 100);
    const status = await page.goto(url);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    const png = await page.screenshot();
    fs.writeFileSync(out, png);
    process.stdout.write(`screenshot: ${out} (${png.length} bytes) of ${url}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`screenshot: ${(error as Error).message}\n`);
  process.exit(1);
});
