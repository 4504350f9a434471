// @vitest-environment jsdom
import { act, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal.tsx";

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

function Box(props: { open: boolean; onClose(): void; closeOnEscape?: boolean; closeOnBackdrop?: boolean }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" id="opener">
        open
      </button>
      {props.open && (
        <Modal aria-label="Box" initialFocus={ok} {...props}>
          <button type="button">other</button>
          <button type="button" ref={ok} id="ok">
            ok
          </button>
        </Modal>
      )}
    </>
  );
}

const cancel = () => {
  const event = new Event("cancel", { cancelable: true });
  container.querySelector("dialog")?.dispatchEvent(event);
  return event;
};
const clickAt = (x: number) =>
  container.querySelector("dialog")?.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: x, clientY: x }));

describe("Modal", () => {
  it("opens as a dialog, focuses the initial element and gives focus back to the opener", () => {
    act(() => root.render(<Box open={false} onClose={() => {}} />));
    container.querySelector<HTMLButtonElement>("#opener")?.focus();
    act(() => root.render(<Box open onClose={() => {}} />));
    expect(container.querySelector("dialog")?.hasAttribute("open")).toBe(true);
    expect(document.activeElement?.id).toBe("ok");
    act(() => root.render(<Box open={false} onClose={() => {}} />));
    expect(document.activeElement?.id).toBe("opener");
  });

  it("asks to close on Escape unless told not to; the browser never closes it by itself", () => {
    const onClose = vi.fn();
    act(() => root.render(<Box open onClose={onClose} />));
    expect(cancel().defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => root.render(<Box open onClose={onClose} closeOnEscape={false} />));
    expect(cancel().defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on a backdrop click only when allowed", () => {
    const onClose = vi.fn();
    act(() => root.render(<Box open onClose={onClose} />));
    act(() => clickAt(-10));
    expect(onClose).not.toHaveBeenCalled();
    act(() => root.render(<Box open onClose={onClose} closeOnBackdrop />));
    act(() => clickAt(-10));
    expect(onClose).toHaveBeenCalledTimes(1);
    // a click on the content does not count
    act(() => container.querySelector<HTMLButtonElement>("#ok")?.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
