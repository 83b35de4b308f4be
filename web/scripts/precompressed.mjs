// Which files of web/dist the build writes brotli (.br) and gzip (.gz) copies of (vite.config.ts's
// precompressAssets) and scripts/report-size.mjs checks: the hashed assets whose type compresses
// (images and fonts are compressed already), index.html, the answer to every page's path, and
// home.html, the answer to /home (vite.config.ts homeFirstView).
export const PRECOMPRESSED =
  /^(assets\/.+\.(js|mjs|css|svg|json|html|txt|xml|wasm|map)|index\.html|home\.html)$/;
/** The page /home is answered with (its first view is its hero; index.html for every other path). */
export const HOME_HTML = "home.html";
/** The copies next to each such file, by content coding (the server picks one by Accept-Encoding). */
export const VARIANTS = { br: ".br", gzip: ".gz" };
