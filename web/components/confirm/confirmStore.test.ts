import { describe, expect, it } from "vitest";
import { answerConfirm, confirm, confirmStore } from "./confirmStore.ts";

describe("confirm dialog", () => {
  it("resolves true on confirm and false on cancel, one dialog at a time", async () => {
    const first = confirm({ title: "Delete image", message: "Delete a.png?" });
    const second = confirm({ title: "Log out", message: "Sure?" });
    expect(confirmStore.getState().queue.map((q) => q.title)).toEqual(["Delete image", "Log out"]);
    answerConfirm(true);
    await expect(first).resolves.toBe(true);
    expect(confirmStore.getState().queue[0]?.title).toBe("Log out");
    answerConfirm(false);
    await expect(second).resolves.toBe(false);
    expect(confirmStore.getState().queue).toEqual([]);
  });
});
