// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answerConfirm, confirmStore } from "../components/confirm/confirmStore.ts";
import { setNavigate } from "./navigation.ts";
import { type UserInfo, useSession } from "./session.ts";
import { gateTexts, MEMBER_FROM_DESIGN, startDesign } from "./startDesign.ts";

const routed: string[] = [];

beforeEach(() => {
  routed.length = 0;
  setNavigate((to) => routed.push(to));
  useSession.setState({ token: "tok", startDesignOpen: false });
  useSession.setState({ userInfo: { userId: "u1", boundChannels: [], hasPassword: true } as UserInfo });
});
afterEach(() => {
  window.__MICRO_APP_ENVIRONMENT__ = undefined;
  window.microApp = undefined;
});

/** vi.waitFor's default 1 s: the gate's first import took longer on a loaded 2-core machine. */
const LOADED = { timeout: 15_000 };

/** Starts the design, then answers the gate's confirm as the user would. */
async function pass(answer: boolean) {
  const started = startDesign();
  await vi.waitFor(() => expect(confirmStore.getState().queue.length).toBe(1), LOADED);
  answerConfirm(answer);
  await started;
}

describe("the membership gate (spec section 4)", () => {
  it("waits for userInfo when a click comes before it has loaded", async () => {
    useSession.setState({ userInfo: null });
    const started = startDesign();
    await Promise.resolve();
    expect(useSession.getState().startDesignOpen).toBe(false);
    useSession.setState({
      userInfo: { userId: "u1", vipType: "gold", boundChannels: [], hasPassword: true } as UserInfo,
    });
    await started;
    expect(useSession.getState().startDesignOpen).toBe(true);
  });

  it("'Unlock' goes to /member; cancel does nothing", async () => {
    await pass(false);
    expect(routed).toEqual([]);
    await pass(true);
    expect(routed).toEqual([MEMBER_FROM_DESIGN]);
    expect(useSession.getState().startDesignOpen).toBe(false);
  });

  it("asks the host to open its membership page when embedded, and does not route", async () => {
    const dispatch = vi.fn();
    window.__MICRO_APP_ENVIRONMENT__ = true;
    window.microApp = { dispatch };
    await pass(true);
    expect(dispatch).toHaveBeenCalledWith({ type: "noAuth", data: { jump: MEMBER_FROM_DESIGN } });
    expect(routed).toEqual([]);
  });

  it("asks a member whose membership lapsed to renew, in the gate's words", async () => {
    useSession.setState({
      userInfo: {
        userId: "u1",
        vipExpiredAt: "2026-01-01T00:00:00.000Z",
        boundChannels: [],
        hasPassword: true,
      } as UserInfo,
    });
    const started = startDesign();
    await vi.waitFor(() => expect(confirmStore.getState().queue.length).toBe(1), LOADED);
    const asked = confirmStore.getState().queue[0];
    expect(asked?.message).toMatch(/^Your membership has expired, please renew\./);
    expect(asked?.confirmText).toBe("Renew");
    answerConfirm(true);
    await started;
    expect(routed).toEqual([MEMBER_FROM_DESIGN]);
    expect(gateTexts(null)).toEqual({ message: "avatars.gate.message", confirm: "avatars.gate.unlock" });
  });

  it("opens the dialog for a member, without asking", async () => {
    useSession.setState({
      userInfo: { userId: "u1", vipType: "gold", boundChannels: [], hasPassword: true } as UserInfo,
    });
    await startDesign();
    expect(confirmStore.getState().queue.length).toBe(0);
    expect(useSession.getState().startDesignOpen).toBe(true);
  });
});
