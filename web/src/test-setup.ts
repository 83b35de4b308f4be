import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { resetCsrfToken } from "./app/api.ts";

// findBy…/waitFor give up after 5 s instead of 1 s: they still return as soon as the screen is
// right, but a busy machine (two test workers on two cores) no longer fails a slow render.
configure({ asyncUtilTimeout: 5_000 });

// The test files of a worker share their modules (`isolate: false`): module-level state that a
// test can leave behind starts afresh for each test.
afterEach(() => {
  resetCsrfToken();
});
