/**
 * The entry: index.html's first view (the boot view, or /home's hero in home.html) is painted
 * before the app's code runs. The code is requested once the browser has drawn a frame, so its
 * parsing and first render do not hold back the first paint on a slow phone; a hidden tab, which
 * draws no frame, starts after a short delay instead.
 */
// A small chunk, at once: a member's radio starts with the session check (app/early-radio.ts).
void import("./app/early-radio.ts").then((radio) => radio.startEarlyRadio());

let started = false;
function start() {
  if (started) return;
  started = true;
  // Asked for together, run apart: each part is evaluated in a task of its own as it arrives
  // (React's DOM renderer, the theme with MUI's styling, then the app), not in one long task that
  // would block a tap on a slow phone. The app's chunk imports the same modules: nothing loads twice.
  void import("react-dom/client");
  void import("./app/theme.ts");
  void import("./app/start.tsx");
}
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 200);
