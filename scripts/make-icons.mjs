// Makes the web app's icons (web/public/icons) from one SVG with sharp (the server's dependency):
// 192 and 512 px (purpose "any"), a 512 px maskable one (the wave inside the safe zone, on a full
// bleed background) and Apple's 180 px touch icon. Run once when the logo changes; the PNGs are
// committed: `node scripts/make-icons.mjs`.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sharp = createRequire(path.join(root, "server/package.json"))("sharp");
const out = path.join(root, "web/public/icons");
mkdirSync(out, { recursive: true });

const WAVE =
  '<path d="M8 40c6 0 6-16 12-16s6 24 12 24 6-32 12-32 6 24 12 24" fill="none" stroke="#a78bfa" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>';
// As favicon.svg: the wave on a rounded tile.
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#151522"/>${WAVE}</svg>`;
// Maskable: full bleed, the wave scaled into the central 80% safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#151522"/><g transform="translate(12.8 12.8) scale(0.6)">${WAVE}</g></svg>`;
// Apple fills transparent corners with black and rounds the icon itself: full bleed too.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#151522"/><g transform="translate(6.4 6.4) scale(0.8)">${WAVE}</g></svg>`;

const icons = [
  ["icon-192.png", rounded, 192],
  ["icon-512.png", rounded, 512],
  ["icon-maskable-512.png", maskable, 512],
  ["apple-touch-icon.png", square, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`web/public/icons/${name} (${size} px)`);
}
