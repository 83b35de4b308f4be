import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG 2.0 and 2.1 A and AA rules the accessibility tests run; serious and critical block. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** What an open dialog, drawer or popover is in the page: axe looks only there (see `scope`). */
export const OPEN_DIALOGS = '[role="dialog"], [role="alertdialog"], .MuiDrawer-paper';

/**
 * Runs axe on what the page shows now (or only on the elements `scope` selects) and fails, softly,
 * with each blocking violation and where it is.
 */
export async function expectAccessible(page: Page, what: string, scope?: string) {
  let axe = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // axe keeps this WCAG 2.1 A rule (2.5.3 Label in Name) among its experimental ones: on.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } });
  if (scope) axe = axe.include(scope);
  const { violations } = await axe.analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}  ${n.html.slice(0, 300)}`)
          .join("\n")}`,
    );
  expect
    .soft(blocking, `${what} (${page.viewportSize()?.width} px)\n${blocking.join("\n")}`)
    .toEqual([]);
}
