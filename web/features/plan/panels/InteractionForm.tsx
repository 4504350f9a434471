import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ACTION_KINDS, PLAN_LIMITS } from "../../../../shared/plan/catalogue.ts";
import type { CatalogueRecord, PlanInteract } from "../../../../shared/schemas/plans.ts";
import { SPEECH_MAX_CHARS } from "../../../../shared/speech.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { messageText } from "../../../lib/i18n/index.ts";
import { useAddInteraction, useCatalogue } from "../api.ts";
import {
  EMPTY_DRAFT,
  EQUITY_LOCKED,
  type InteractionDraft,
  type InteractionError,
  isActionKind,
  validateInteraction,
} from "../interactionForm.ts";
import { previewActionOf } from "../planLook.ts";
import { usePlanStudio } from "../studioContext.ts";
import { PlayButton } from "./CheckList.tsx";

/** 'Add an interaction': the viewer event, what kind of action, which one; checked before it is sent. */
export function InteractionForm({ event, existing }: { event: string; existing: readonly PlanInteract[] }) {
  const { t } = useTranslation();
  const { planId, play, sample } = usePlanStudio();
  const ids = {
    event: useId(),
    kind: useId(),
    action: useId(),
    reply: useId(),
    replyHint: useId(),
    error: useId(),
    title: useId(),
  };
  const { register, handleSubmit, watch, setValue, getValues } = useForm<InteractionDraft>({
    defaultValues: EMPTY_DRAFT,
  });
  const kind = watch("actionKind");
  const actionId = watch("actionId");
  const events = useCatalogue("events", event === "all" ? undefined : event);
  const actions = useCatalogue("actions", kind || undefined, kind !== "");
  const add = useAddInteraction(planId);
  const [error, setError] = useState<InteractionError | null>(null);
  const eventRecords = events.data?.records ?? [];
  const actionRecords = kind ? (actions.data?.records ?? []) : [];
  const action = actionRecords.find((a) => a.id === actionId);

  const lockedSuffix = (record: CatalogueRecord) =>
    record.equityStatus === EQUITY_LOCKED ? ` · ${t(record.skuId ? "plan.shopBadge" : "plan.locked")}` : "";
  const errorText = (e: InteractionError) =>
    e === "locked"
      ? messageText("locked")
      : e === "shopLocked"
        ? messageText("shopItemLocked")
        : t(`plan.interaction.errors.${e}`, {
            max: e === "replyTooLong" ? SPEECH_MAX_CHARS : PLAN_LIMITS.interactions,
          });

  const onSubmit = handleSubmit(async (draft) => {
    const problem = validateInteraction(draft, { events: eventRecords, actions: actionRecords, existing });
    setError(problem);
    if (problem || !isActionKind(draft.actionKind)) return;
    try {
      await add.mutateAsync({
        interactId: draft.interactId,
        actionKind: draft.actionKind,
        actionId: draft.actionId,
        reply: draft.reply?.trim() || null,
      });
      toast.success(t("plan.interaction.added"));
      // cleared for the next one, unless the user has already chosen it while this one was saving
      if (getValues("actionId") === draft.actionId) setValue("actionId", "");
      if (getValues("reply") === draft.reply) setValue("reply", "");
    } catch {
      // The API client has shown the service's message.
    }
  });

  const previewChosen = () => {
    if (!action || !kind) return;
    const shown = previewActionOf(kind, action);
    if (shown) play(shown);
    else sample.toggle(`form-${action.id}`, action.url);
  };

  return (
    <form
      className="interaction-form"
      aria-labelledby={ids.title}
      data-testid="plan-interaction-form"
      onSubmit={onSubmit}
      noValidate
    >
      <h3 id={ids.title}>{t("plan.interaction.addTitle")}</h3>
      <div className="interaction-form__fields">
        <label htmlFor={ids.event}>{t("plan.interaction.event")}</label>
        <select
          id={ids.event}
          data-testid="interaction-event"
          aria-invalid={error === "event"}
          {...register("interactId", { onChange: () => setError(null) })}
        >
          <option value="">{t("plan.interaction.choose")}</option>
          {eventRecords.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
              {lockedSuffix(e)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.kind}>{t("plan.interaction.kind")}</label>
        <select
          id={ids.kind}
          data-testid="interaction-kind"
          aria-invalid={error === "kind"}
          {...register("actionKind", {
            onChange: () => {
              setValue("actionId", "");
              setError(null);
            },
          })}
        >
          <option value="">{t("plan.interaction.choose")}</option>
          {ACTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`plan.interaction.kinds.${k}`)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.action}>{t("plan.interaction.action")}</label>
        <div className="interaction-form__action">
          <select
            id={ids.action}
            data-testid="interaction-action"
            aria-invalid={error === "action"}
            disabled={!kind}
            {...register("actionId", { onChange: () => setError(null) })}
          >
            <option value="">{t("plan.interaction.choose")}</option>
            {actionRecords.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {lockedSuffix(a)}
              </option>
            ))}
          </select>
          <PlayButton
            label={t("plan.interaction.tryAction")}
            playing={action ? sample.playing === `form-${action.id}` : false}
            onClick={previewChosen}
            testId="interaction-try"
          />
        </div>
        <label htmlFor={ids.reply}>{t("plan.interaction.reply")}</label>
        <div>
          <input
            id={ids.reply}
            className="input"
            data-testid="interaction-reply"
            maxLength={SPEECH_MAX_CHARS}
            placeholder={t("plan.interaction.replyPlaceholder")}
            aria-describedby={ids.replyHint}
            aria-invalid={error === "replyTooLong"}
            {...register("reply", { onChange: () => setError(null) })}
          />
          <small id={ids.replyHint} className="interaction-form__hint">
            {t("plan.interaction.replyHint")}
          </small>
        </div>
      </div>
      <p id={ids.error} className="interaction-form__error" role="alert" data-testid="interaction-error">
        {error ? errorText(error) : ""}
      </p>
      <button type="submit" className="btn btn--primary" data-testid="interaction-add" disabled={add.isPending}>
        {t("plan.interaction.add")}
      </button>
    </form>
  );
}
