import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { afterLoginPath } from "../../../lib/loginRedirect.ts";
import { useLanguage } from "../../../lib/session.ts";
import { authorizeUrl, type CallbackPath, type Provider } from "../oauth.ts";

const ICONS: Record<Provider, string> = { wechat: "#07c160", qq: "#12b7f5" };

/** 'Continue with WeChat / QQ': off to the provider, back on the callback page. */
export function ThirdPartyButtons({
  providers,
  callback = "/wxCheck",
  divider = true,
}: {
  providers: readonly Provider[];
  callback?: CallbackPath;
  /** 'or continue with' above the buttons, when they follow a form. */
  divider?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const redirect = params.get("redirect");

  const go = (provider: Provider) => {
    window.location.assign(authorizeUrl(provider, callback, language, redirect ? afterLoginPath(redirect) : null));
  };

  return (
    <div className="third-party">
      {divider && (
        <p className="third-party__divider">
          <span>{t("account.orContinueWith")}</span>
        </p>
      )}
      <div className="third-party__buttons">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className="btn btn--ghost third-party__button"
            data-testid={`third-party-${provider}`}
            onClick={() => go(provider)}
          >
            <span className="third-party__dot" style={{ background: ICONS[provider] }} aria-hidden="true" />
            {t(`account.brands.${provider}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
