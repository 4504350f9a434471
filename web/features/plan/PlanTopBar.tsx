import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isBlankName } from "../../../shared/validation.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { messageText } from "../../lib/i18n/index.ts";
import { navigate } from "../../lib/navigation.ts";
import { useResetPlan, useUpdatePlan, useUsePlan } from "./api.ts";
import { usePlanStudio } from "./studioContext.ts";

/**
 * The plan's name (saved with Save), Reset, Use this plan, Go live (issue 47: the studio one click
 * away; a plan not yet in use is used first), and the way back to the list.
 */
export function PlanTopBar() {
  const { t } = useTranslation();
  const { info, planId } = usePlanStudio();
  const update = useUpdatePlan(planId);
  const reset = useResetPlan(planId);
  const use = useUsePlan();
  const [name, setName] = useState(info.name);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    // Spec section 5: a draft's name must not be empty; refused here, not sent.
    if (isBlankName(name)) {
      setError(messageText("filenameEmpty"));
      return;
    }
    setError(null);
    try {
      const { message } = await update.mutateAsync({ name: name.trim() });
      setName(name.trim());
      toast.success(message);
    } catch {
      // The API client has shown the service's message.
    }
  };
  const onReset = async () => {
    const ok = await confirm({
      title: t("plan.resetTitle"),
      message: t("plan.resetMessage", { name: info.name }),
      confirmText: t("plan.reset"),
      danger: true,
    });
    if (!ok) return;
    try {
      await reset.mutateAsync(undefined);
      toast.success(messageText("resetSuccess"));
    } catch {
      // The API client has shown the service's message.
    }
  };
  const onUse = async () => {
    try {
      const { message } = await use.mutateAsync(planId);
      toast.success(message);
    } catch {
      // The API client has shown the service's message.
    }
  };

  const onGoLive = async () => {
    if (!info.used) {
      try {
        await use.mutateAsync(planId);
      } catch {
        // The API client has shown the service's message.
        return;
      }
    }
    navigate("/live/studio");
  };

  return (
    <header className="plan-bar">
      <Link className="btn btn--ghost plan-bar__back" to="/workbench/myplan" data-testid="plan-back">
        <span aria-hidden="true">←</span>
        <span className="plan-bar__back-text">{t("titles.myplan")}</span>
      </Link>
      <form className="plan-bar__name" onSubmit={onSave} noValidate>
        <label className="visually-hidden" htmlFor={inputId}>
          {t("plan.nameLabel")}
        </label>
        <input
          id={inputId}
          className="plan-bar__input"
          value={name}
          maxLength={40}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          data-testid="plan-name"
        />
        <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="plan-save">
          {t("plan.save")}
        </button>
        {error && (
          <p id={errorId} className="plan-bar__error" role="alert" data-testid="plan-name-error">
            {error}
          </p>
        )}
      </form>
      <div className="plan-bar__tools">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={onReset}
          disabled={reset.isPending}
          data-testid="plan-reset"
        >
          {t("plan.reset")}
        </button>
        {info.used ? (
          <span className="badge badge--live plan-bar__used" data-testid="plan-in-use">
            {t("plan.inUse")}
          </span>
        ) : (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={onUse}
            disabled={use.isPending}
            data-testid="plan-use"
          >
            {t("plan.use")}
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          onClick={onGoLive}
          disabled={use.isPending}
          data-testid="plan-go-live"
        >
          {t("plan.goLive")}
        </button>
      </div>
    </header>
  );
}
