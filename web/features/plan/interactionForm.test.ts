import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../../shared/plan/catalogue.ts";
import { EMPTY_DRAFT, quickSetItems, validateInteraction } from "./interactionForm.ts";
import { interaction, record } from "./testRecords.ts";

const rose = record("interact.gift-rose", "interact", "gift");
const crown = record("interact.gift-crown", "interact", "gift", { equityStatus: 2 });
const like = record("interact.like", "interact", "like");
const comment = record("interact.comment-hello", "interact", "comment");
const follow = record("interact.follow", "interact", "follow");
const smile = record("expression.smile", "expression", "expression");
const kiss = record("expression.kiss", "expression", "expression", { equityStatus: 2 });
const nod = record("motion.nod", "motion", "motion");
const hearts = record("effect.hearts", "effect", "effect");
const chime = record("sound.chime", "sound", "sound", { url: "/media/chime.wav" });

const events = [rose, crown, like, comment, follow];
const context = { events, actions: [smile, kiss], existing: [] };

describe("validateInteraction", () => {
  it("refuses a reply over 200 characters (an emoji counts once), after the other checks", () => {
    const draft = { interactId: rose.id, actionKind: "expression" as const, actionId: smile.id };
    expect(validateInteraction({ ...draft, reply: "x".repeat(201) }, context)).toBe("replyTooLong");
    expect(validateInteraction({ ...draft, reply: `${"🌹".repeat(100)}${"x".repeat(100)}` }, context)).toBeNull();
    expect(validateInteraction({ ...draft, reply: "" }, context)).toBeNull();
    expect(validateInteraction({ ...draft, actionId: "", reply: "x".repeat(201) }, context)).toBe("action");
  });

  it("asks for the event, then the action type, then the action", () => {
    expect(validateInteraction(EMPTY_DRAFT, context)).toBe("event");
    expect(validateInteraction({ ...EMPTY_DRAFT, interactId: rose.id }, context)).toBe("kind");
    expect(validateInteraction({ interactId: rose.id, actionKind: "expression", actionId: "" }, context)).toBe(
      "action",
    );
  });

  it("refuses an event or action that is not on offer, or of another kind", () => {
    expect(
      validateInteraction({ interactId: "interact.nope", actionKind: "expression", actionId: smile.id }, context),
    ).toBe("event");
    expect(
      validateInteraction(
        { interactId: rose.id, actionKind: "motion", actionId: smile.id },
        { ...context, actions: [smile] },
      ),
    ).toBe("action");
  });

  it("refuses locked events and actions before any call", () => {
    expect(validateInteraction({ interactId: crown.id, actionKind: "expression", actionId: smile.id }, context)).toBe(
      "locked",
    );
    expect(validateInteraction({ interactId: rose.id, actionKind: "expression", actionId: kiss.id }, context)).toBe(
      "locked",
    );
  });

  it("says an unowned shop item is the shop's, and the membership's lock comes first", () => {
    const storm = record("interact.like-storm", "interact", "like", {
      equityStatus: 2,
      skuId: "shop.interact.like-storm",
    });
    const shop = { ...context, events: [...events, storm] };
    expect(validateInteraction({ interactId: storm.id, actionKind: "expression", actionId: smile.id }, shop)).toBe(
      "shopLocked",
    );
    expect(validateInteraction({ interactId: storm.id, actionKind: "expression", actionId: kiss.id }, shop)).toBe(
      "locked",
    );
  });

  it("refuses what the plan already has, and a full plan", () => {
    const draft = { interactId: rose.id, actionKind: "expression" as const, actionId: smile.id };
    expect(validateInteraction(draft, context)).toBeNull();
    const existing = [interaction("i1", rose, "expression", smile)];
    expect(validateInteraction(draft, { ...context, existing })).toBe("duplicate");
    const full = Array.from({ length: PLAN_LIMITS.interactions }, (_, i) => interaction(`i${i}`, like, "motion", nod));
    expect(validateInteraction(draft, { ...context, existing: full })).toBe("limit");
  });
});

describe("quickSetItems", () => {
  const byKind = { expression: [kiss, smile], motion: [nod], effect: [hearts], sound: [chime] };

  it("adds one open reaction per viewer event", () => {
    expect(quickSetItems(events, byKind, [])).toEqual([
      { interactId: rose.id, actionKind: "effect", actionId: hearts.id },
      { interactId: like.id, actionKind: "motion", actionId: nod.id },
      { interactId: comment.id, actionKind: "expression", actionId: smile.id },
      { interactId: follow.id, actionKind: "sound", actionId: chime.id },
    ]);
  });

  it("skips events the plan already reacts to and kinds with nothing open", () => {
    const existing = [interaction("i1", like, "motion", nod)];
    const items = quickSetItems(events, { ...byKind, sound: [] }, existing);
    expect(items.map((i) => i.interactId)).toEqual([rose.id, comment.id]);
  });

  it("stays within the plan's room", () => {
    const existing = Array.from({ length: PLAN_LIMITS.interactions - 1 }, (_, i) =>
      interaction(`i${i}`, record(`e${i}`, "interact", "other"), "motion", nod),
    );
    expect(quickSetItems(events, byKind, existing)).toHaveLength(1);
  });
});
