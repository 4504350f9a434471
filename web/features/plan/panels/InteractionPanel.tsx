import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACTION_KINDS, PLAN_LIMITS } from "../../../../shared/plan/catalogue.ts";
import type { PlanInteract } from "../../../../shared/schemas/plans.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { messageText } from "../../../lib/i18n/index.ts";
import { useLanguage } from "../../../lib/session.ts";
import { catalogueQuery, useAddInteractions, useDeleteInteractions, useInteractList } from "../api.ts";
import { quickSetItems } from "../interactionForm.ts";
import { keepListed, toggleSelected } from "../menu.ts";
import { previewActionOf } from "../planLook.ts";
import { attempt, usePlanStudio } from "../studioContext.ts";
import { CheckList, PlayButton } from "./CheckList.tsx";
import { InteractionForm } from "./InteractionForm.tsx";

/**
 * Interactions: what the avatar does when viewers send a gift, like, comment or follow. The list
 * (of the chosen event kind, or all) previews and deletes; the form adds one; the quick set adds
 * one reaction per event at once.
 */
export function InteractionPanel({ event }: { event: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { info, planId, play, sample } = usePlanStudio();
  const list = useInteractList(planId);
  const remove = useDeleteInteractions(planId);
  const addBatch = useAddInteractions(planId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const all = list.data ?? info.interactions;
  const shown = event === "all" ? all : all.filter((i) => i.event.type === event);
  const chosen = keepListed(selected, shown);

  const preview = (item: PlanInteract) => {
    const action = previewActionOf(item.actionKind, item.action);
    if (action) play(action);
    else sample.toggle(`interact-${item.id}`, item.action.url);
  };
  const onDelete = async () => {
    if (chosen.size === 0) {
      toast.error(messageText("selectionRequired"));
      return;
    }
    if (await attempt(remove.mutateAsync([...chosen]))) setSelected(new Set());
  };
  const onQuickSet = async () => {
    try {
      const [events, ...plays] = await Promise.all([
        queryClient.fetchQuery(catalogueQuery("events", undefined, language)),
        ...ACTION_KINDS.map((kind) => queryClient.fetchQuery(catalogueQuery("actions", kind, language))),
      ]);
      const byKind = Object.fromEntries(ACTION_KINDS.map((kind, i) => [kind, plays[i]?.records ?? []]));
      const items = quickSetItems(events.records, byKind, all);
      if (items.length === 0) {
        toast.info(t("plan.interaction.quickSetNone"));
        return;
      }
      await addBatch.mutateAsync(items);
      toast.success(t("plan.interaction.quickSetDone", { count: items.length }));
    } catch {
      // The API client has shown the service's message.
    }
  };

  return (
    <div className="plan-panel__section">
      <CheckList
        title={t("plan.interaction.listTitle", { count: all.length, max: PLAN_LIMITS.interactions })}
        empty={t("plan.interaction.empty")}
        testId="plan-interactions"
        deleteTestId="plan-interactions-delete"
        items={shown.map((item) => ({
          id: item.id,
          label: item.event.name,
          record: item.event,
          detail: (
            <>
              <span aria-hidden="true">→ </span>
              {t(`plan.interaction.kinds.${item.actionKind}`, { defaultValue: item.actionKind })}: {item.action.name}
              {item.reply ? (
                <>
                  {" "}
                  <q className="interaction-reply">{item.reply}</q>
                </>
              ) : null}
            </>
          ),
          extra: (
            <PlayButton
              label={t("plan.interaction.preview", { event: item.event.name, action: item.action.name })}
              playing={sample.playing === `interact-${item.id}`}
              onClick={() => preview(item)}
              testId={`plan-interaction-play-${item.id}`}
            />
          ),
        }))}
        selected={chosen}
        onToggle={(id) => setSelected(toggleSelected(chosen, id))}
        onDelete={onDelete}
        deleting={remove.isPending}
      />

      <InteractionForm event={event} existing={all} />

      <div className="plan-panel__bar">
        <span className="plan-panel__picked">{t("plan.interaction.quickSetHint")}</span>
        <button
          type="button"
          className="btn btn--ghost"
          data-testid="interaction-quick-set"
          disabled={addBatch.isPending}
          onClick={onQuickSet}
        >
          {t("plan.interaction.quickSet")}
        </button>
      </div>
    </div>
  );
}
