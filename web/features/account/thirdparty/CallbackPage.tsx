import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../components/toast/toastStore.ts";
import { messageText } from "../../../lib/i18n/index.ts";
import { useSession } from "../../../lib/session.ts";
import { finishLogin } from "../api.ts";
import { StatusCard } from "../components/StatusCard.tsx";
import { ThirdPartyButtons } from "../login/ThirdPartyButtons.tsx";
import type { CallbackPath } from "../oauth.ts";
import { type CallbackOutcome, completeCallback } from "./callback.ts";
import "../login.css";

type View = CallbackOutcome["kind"] | "working" | "idle" | "connected";

/**
 * /wxCheck (web login, channel 1001) and /controllerCheck (the remote controller, channel 1004):
 * where the provider sends the user back. A known identity logs in; a new one goes on to
 * /bindEmail with a ticket; a refusal or a foreign state says so, with a way to retry.
 */
export function CallbackPage({ callback }: { callback: CallbackPath }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const controller = callback === "/controllerCheck";
  const hasToken = useSession((s) => s.token !== null);
  const returning = params.has("code") || params.has("error");
  const [view, setView] = useState<View>(returning ? "working" : "idle");
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (!returning) return;
    let live = true;
    void completeCallback(params, callback).then(async (outcome) => {
      if (!live) return;
      if (outcome.kind === "ticket") {
        navigate(`/bindEmail?ticket=${encodeURIComponent(outcome.ticket)}`, { replace: true });
        return;
      }
      if (outcome.kind === "token") {
        await finishLogin(outcome.token);
        if (!live) return;
        if (controller) {
          setView("connected");
          return;
        }
        toast.success(messageText("loginSuccess"));
        navigate(outcome.redirect ?? "/", { replace: true });
        return;
      }
      if (outcome.kind === "expired" || outcome.kind === "failed") setMessage(outcome.message);
      setView(outcome.kind);
    });
    return () => {
      live = false;
    };
  }, [params, callback, controller, navigate, returning]);

  const retry = controller ? "/controllerCheck" : "/login";
  const prefix = controller ? "account.controller" : "account.callback";

  if (view === "working") return <StatusCard kind="working" title={t("account.callback.working")} />;
  if (view === "connected" || (view === "idle" && controller && params.get("connected") === "1" && hasToken)) {
    return (
      <StatusCard
        kind="success"
        title={t("account.controller.connectedTitle")}
        body={t("account.controller.connectedBody")}
        testId="controller-connected"
      />
    );
  }
  if (view === "idle") {
    return (
      <StatusCard
        kind="info"
        title={t(`${prefix}.idleTitle`)}
        body={t(`${prefix}.idleBody`)}
        action={
          controller ? (
            <ThirdPartyButtons providers={["wechat", "qq"]} callback="/controllerCheck" divider={false} />
          ) : (
            <Link className="btn btn--primary" to="/login">
              {t("account.backToLogin")}
            </Link>
          )
        }
      />
    );
  }
  const body =
    view === "denied"
      ? t("account.callback.deniedBody")
      : view === "badState"
        ? t("account.callback.badStateBody")
        : message || t("account.callback.failedBody");
  return (
    <StatusCard
      kind="error"
      title={view === "denied" ? t("account.callback.deniedTitle") : t("account.callback.failedTitle")}
      body={body}
      testId={`callback-${view}`}
      action={
        <Link className="btn btn--primary" to={retry}>
          {t("account.callback.retry")}
        </Link>
      }
    />
  );
}

export const WxCheckPage = () => <CallbackPage callback="/wxCheck" />;
export const ControllerCheckPage = () => <CallbackPage callback="/controllerCheck" />;
