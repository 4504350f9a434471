// @vitest-environment jsdom
import { act, createRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../lib/i18n/index.ts";
import { IframeDialog, type IframeDialogHandle } from "./IframeDialog.tsx";

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

const URL_ = "https://creator.example/app?x=1";

describe("iframe dialog", () => {
  it("embeds the page and closes by its button or Escape, not by a backdrop click", () => {
    const onClose = vi.fn();
    act(() => root.render(<IframeDialog open url={URL_} title="Avatar creator" onClose={onClose} />));
    const frame = container.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe(URL_);
    expect(frame?.getAttribute("title")).toBe("Avatar creator");
    const dialog = container.querySelector("dialog");
    expect(dialog?.open).toBe(true);
    expect(dialog?.getAttribute("aria-labelledby")).toBe(container.querySelector("h2")?.id);

    // a click on the <dialog> itself outside its box is a backdrop click
    act(() => dialog?.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: -5, clientY: -5 })));
    expect(onClose).not.toHaveBeenCalled();
    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Close"]')?.click());
    expect(onClose).toHaveBeenCalledTimes(1);
    // Escape: the browser fires 'cancel' on the open modal
    const cancel = new Event("cancel", { cancelable: true });
    act(() => dialog?.dispatchEvent(cancel));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(cancel.defaultPrevented).toBe(true);
  });

  it("passes on messages from its own frame and origin only", () => {
    const onMessage = vi.fn();
    act(() => root.render(<IframeDialog open url={URL_} onClose={() => {}} onMessage={onMessage} />));
    const source = container.querySelector("iframe")?.contentWindow ?? null;
    act(() =>
      window.dispatchEvent(new MessageEvent("message", { data: "ok", origin: "https://creator.example", source })),
    );
    act(() =>
      window.dispatchEvent(new MessageEvent("message", { data: "evil", origin: "https://evil.example", source })),
    );
    act(() =>
      window.dispatchEvent(
        new MessageEvent("message", { data: "other", origin: "https://creator.example", source: window }),
      ),
    );
    expect(onMessage.mock.calls.map((c) => c[0])).toEqual(["ok"]);
  });

  it("posts to the embedded page's origin", () => {
    const ref = createRef<IframeDialogHandle>();
    act(() => root.render(<IframeDialog ref={ref} open url={URL_} onClose={() => {}} />));
    const target = container.querySelector("iframe")?.contentWindow;
    if (!target) throw new Error("no frame window");
    const post = vi.spyOn(target, "postMessage").mockImplementation(() => {});
    ref.current?.post({ type: "hello" });
    expect(post).toHaveBeenCalledWith({ type: "hello" }, "https://creator.example");
  });

  it("renders nothing when closed", () => {
    act(() => root.render(<IframeDialog open={false} url={URL_} onClose={() => {}} />));
    expect(container.innerHTML).toBe("");
  });
});
