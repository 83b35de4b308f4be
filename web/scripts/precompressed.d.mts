export declare const PRECOMPRESSED: RegExp;
export declare const VARIANTS: { br: ".br"; gzip: ".gz" };
export declare const HOME_HTML: "home.html";
