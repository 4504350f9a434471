// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../lib/i18n/index.ts";
import { ListState } from "./ListState.tsx";

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const show = (query: { isPending: boolean; isError: boolean; refetch(): unknown }, isEmpty: boolean) =>
  act(() =>
    root.render(
      <ListState query={query} isEmpty={isEmpty} errorText="Could not load" empty={{ title: "Nothing", testId: "e" }}>
        <ul data-testid="list" />
      </ListState>,
    ),
  );

describe("ListState", () => {
  it("shows loading, then the error with a retry, the empty state, or the list", () => {
    const refetch = vi.fn();
    show({ isPending: true, isError: false, refetch }, true);
    expect(container.querySelector('[role="status"]')?.getAttribute("aria-busy")).toBe("true");
    show({ isPending: false, isError: true, refetch }, true);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain("Could not load");
    act(() => container.querySelector("button")?.click());
    expect(refetch).toHaveBeenCalledOnce();
    show({ isPending: false, isError: false, refetch }, true);
    expect(container.querySelector('[data-testid="e"]')?.textContent).toBe("Nothing");
    show({ isPending: false, isError: false, refetch }, false);
    expect(container.querySelector('[data-testid="list"]')).not.toBeNull();
  });
});
