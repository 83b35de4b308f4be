import { useEffect, useState } from "react";

/**
 * The height of the shell's bottom player dock (`#player-dock`; it grows when the radio player
 * loads, and changes when it is collapsed), for a page that fills the screen between the top bar
 * and the dock. 0 when `enabled` is false (a page shown without the shell).
 */
export function useDockHeight(enabled = true): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const dock = enabled ? document.getElementById("player-dock") : null;
    if (!dock) return;
    const update = () => setHeight(dock.offsetHeight);
    if (typeof ResizeObserver === "undefined") {
      update();
      return;
    }
    // The observer reports the dock's size once the page has been laid out (and on each change):
    // reading it here, in the mount's task, would lay the whole new page out in that task.
    const observer = new ResizeObserver(update);
    observer.observe(dock);
    return () => observer.disconnect();
  }, [enabled]);
  return height;
}
