import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ShopAsset } from "../../../shared/schemas/shop.ts";
import { AvatarPicture } from "../../components/AvatarPicture.tsx";
import { Modal } from "../../components/modal/Modal.tsx";
import { startDesign } from "../../lib/startDesign.ts";
import { putInPlan, usePlanList } from "../plan/index.ts";

/**
 * 'Use in a plan': an item goes into one of the user's plans, chosen here, which then opens in the
 * plan editor on the item's menu; an avatar model starts a new plan on itself.
 */
export function UsePlanDialog({ asset, name, onClose }: { asset: ShopAsset; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const closeRef = useRef<HTMLButtonElement>(null);
  const avatar = asset.kind === "avatar";
  const plans = usePlanList(1, 50);
  const [busy, setBusy] = useState<string | null>(null);
  const records = plans.data?.records ?? [];

  const choose = async (plan: (typeof records)[number]) => {
    setBusy(plan.planId);
    try {
      navigate(await putInPlan(plan, asset));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      className="dialog use-plan"
      aria-labelledby="use-plan-title"
      data-testid="use-plan-dialog"
      initialFocus={closeRef}
      onClose={onClose}
    >
      <div className="use-plan__head">
        <h2 className="dialog__title" id="use-plan-title">
          {t("shop.usePlan.title", { name })}
        </h2>
        <button
          type="button"
          ref={closeRef}
          className="btn btn--ghost"
          onClick={onClose}
          aria-label={t("common.close")}
        >
          ×
        </button>
      </div>
      {avatar ? (
        <>
          <p className="use-plan__text">{t("shop.usePlan.avatarText")}</p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            data-testid="use-plan-new"
            onClick={() =>
              navigate(`/plan?${new URLSearchParams({ roleId: asset.id, roleType: String(asset.sex ?? 2) })}`)
            }
          >
            {t("shop.usePlan.newPlan")}
          </button>
        </>
      ) : plans.isError ? (
        <p role="alert">{t("shop.usePlan.loadError")}</p>
      ) : plans.isPending ? (
        <div className="use-plan__loading" role="status" aria-label={t("common.loading")} />
      ) : records.length === 0 ? (
        <>
          <p className="use-plan__text">{t("shop.usePlan.none")}</p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => {
              onClose();
              void startDesign();
            }}
          >
            {t("avatars.startDesign")}
          </button>
        </>
      ) : (
        <>
          <p className="use-plan__text">{t("shop.usePlan.choose")}</p>
          <ul className="use-plan__list">
            {records.map((plan) => (
              <li key={plan.planId} className="use-plan__row" data-testid="use-plan-row" data-id={plan.planId}>
                <span className="use-plan__img">
                  <AvatarPicture
                    img={plan.img}
                    sex={Number(plan.roleType)}
                    id={plan.roleKind === "2" ? plan.roleId : undefined}
                  />
                </span>
                <span className="use-plan__name">
                  <strong>{plan.name}</strong>
                  <span>{plan.roleName}</span>
                </span>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy !== null}
                  onClick={() => choose(plan)}
                  data-testid="use-plan-choose"
                >
                  {t("shop.usePlan.useHere")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
