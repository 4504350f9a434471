import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { endpoints } from "../../../shared/endpoints.ts";
import { IP_CODE_MAX } from "../../../shared/ip.ts";
import type { IpLicenceHeld } from "../../../shared/schemas/ip.ts";
import { StartDesignButton } from "../../components/StartDesignButton.tsx";
import { toast } from "../../components/toast/toastStore.ts";
import { ApiError, call, request } from "../../lib/api.ts";
import { loginUrlFor } from "../../lib/loginRedirect.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";
import { useLanguage, useSession } from "../../lib/session.ts";
import "./ip.css";

const heldKey = [...USER_SCOPE, "ipLicences"] as const;

function useHeld(enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...heldKey, language],
    queryFn: ({ signal }) => request(endpoints.ipList, { signal }),
    enabled,
  });
}

function LicenceCard({ licence }: { licence: IpLicenceHeld }) {
  const { t } = useTranslation();
  return (
    <li className="ip-licence card" data-testid="ip-licence" data-licence={licence.licence}>
      <h3>{licence.name}</h3>
      <p className="ip-licence__avatars">
        {t("ip.unlocks", { names: licence.roles.map((r) => r.name).join(t("ip.and")) })}
      </p>
      <StartDesignButton className="btn btn--primary">{t("avatars.startDesign")}</StartDesignButton>
    </li>
  );
}

/**
 * /ip: activate a licensed-character code. Codes are single use and case-insensitive; the
 * unlocked avatars then show, open, in Start design (docs/decisions/023).
 */
export function IpPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useSession((s) => s.token !== null);
  const client = useQueryClient();
  const held = useHeld(loggedIn);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), error: useId() };
  const activate = useMutation({
    mutationFn: (value: string) => call(endpoints.ipActivate, { body: { code: value } }),
    onSuccess: async ({ message }) => {
      toast.success(message);
      setCode("");
      // the roles list now holds the licence's avatars, open
      await client.invalidateQueries({ queryKey: USER_SCOPE });
    },
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t("ip.codeRequired"));
      return;
    }
    setError(null);
    try {
      await activate.mutateAsync(code);
    } catch (e) {
      // shown inline too: the user is looking at the field
      if (e instanceof ApiError) setError(e.message);
    }
  };

  return (
    <div className="page container ip" data-testid="ip-page">
      <section className="ip__hero">
        <p className="ip__eyebrow">{t("ip.eyebrow")}</p>
        <h1 className="page__title">{t("titles.ip")}</h1>
        <p className="page__subtitle">{t("ip.subtitle")}</p>
        <ol className="ip__steps">
          <li>{t("ip.step1")}</li>
          <li>{t("ip.step2")}</li>
          <li>{t("ip.step3")}</li>
        </ol>
      </section>
      <section className="ip__activate card" aria-labelledby="ip-activate-title">
        <h2 id="ip-activate-title">{t("ip.activateTitle")}</h2>
        {loggedIn ? (
          <form className="form" onSubmit={submit} noValidate data-testid="ip-form">
            <div className="field">
              <label htmlFor={ids.input}>{t("ip.code")}</label>
              <div className="field__row">
                <input
                  id={ids.input}
                  type="text"
                  value={code}
                  maxLength={IP_CODE_MAX}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="XXXX-XXXX-XXXX-XXXX"
                  onChange={(e) => setCode(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ids.error : undefined}
                  data-testid="ip-code"
                />
              </div>
              {error && (
                <p id={ids.error} className="field-error" data-testid="ip-error">
                  {error}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn--primary" disabled={activate.isPending} data-testid="ip-activate">
              {t("ip.activate")}
            </button>
          </form>
        ) : (
          <p>
            <Link className="btn btn--primary" to={loginUrlFor(`${location.pathname}${location.search}`)}>
              {t("ip.loginToActivate")}
            </Link>
          </p>
        )}
        {loggedIn && (held.data?.length ?? 0) > 0 && (
          <>
            <h2>{t("ip.held")}</h2>
            <ul className="ip__licences">
              {held.data?.map((l) => (
                <LicenceCard key={l.licence} licence={l} />
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
