import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StartDesignButton } from "../../components/StartDesignButton.tsx";
// The hero shows the product's own avatars, rendered once by the worker's renderer into small WebP
// files (scripts/home-art.ts): pictures, not code, so no three.js here (docs/decisions/030, 057);
// never inlined (?no-inline), so their bytes stay out of the landing page's script budget.
import cartoonArt from "./hero-cartoon.webp?no-inline";
import realisticF from "./hero-realistic-f.webp?no-inline";
import realisticM from "./hero-realistic-m.webp?no-inline";
import { CheckIcon, DesignIcon, LiveIcon, PlanIcon } from "./icons.tsx";
import "./home.css";

const FEATURES = [
  { key: "design", Icon: DesignIcon },
  { key: "plan", Icon: PlanIcon },
  { key: "live", Icon: LiveIcon },
] as const;

const STEPS = ["one", "two", "three"] as const;

/** The four memberships of spec section 1; gold is the usual pick. */
const TIERS = ["silver", "gold", "diamond", "cloud"] as const;

/** The landing page: light on purpose (SVG and CSS only, no 3D in this bundle). */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="home">
      <section className="hero">
        <div className="hero__inner container">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t("home.eyebrow")}</p>
            <h1 className="hero__title">{t("home.heroTitle")}</h1>
            <p className="hero__body">{t("home.heroBody")}</p>
            <div className="hero__actions">
              <StartDesignButton className="btn btn--primary btn--lg">{t("home.ctaStart")}</StartDesignButton>
              <Link to="/download" className="btn btn--lg hero__secondary">
                {t("home.ctaDownload")}
              </Link>
            </div>
          </div>
          <div className="hero__art" data-testid="hero-avatars">
            <img
              className="hero__avatar hero__avatar--left"
              src={realisticF}
              alt={t("home.heroAltRealistic")}
              width={300}
              height={360}
              decoding="async"
            />
            <img
              className="hero__avatar hero__avatar--right"
              src={realisticM}
              alt={t("home.heroAltRealistic")}
              width={300}
              height={360}
              decoding="async"
            />
            <img
              className="hero__avatar hero__avatar--center"
              src={cartoonArt}
              alt={t("home.heroAltCartoon")}
              width={300}
              height={360}
              decoding="async"
            />
            <span className="hero__chip hero__chip--live">
              <span className="hero__dot" aria-hidden="true" />
              {t("home.heroBadgeLive")}
            </span>
            <span className="hero__chip hero__chip--capture">{t("home.heroBadgeCapture")}</span>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          {t("home.featuresTitle")}
        </h2>
        <div className="features">
          {FEATURES.map(({ key, Icon }) => (
            <article key={key} className="feature card">
              <span className={`feature__icon feature__icon--${key}`}>
                <Icon />
              </span>
              <h3>{t(`home.features.${key}.title`)}</h3>
              <p>{t(`home.features.${key}.body`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="section__title">
            {t("home.stepsTitle")}
          </h2>
          <ol className="steps">
            {STEPS.map((step, i) => (
              <li key={step} className="step">
                <span className="step__num" aria-hidden="true">
                  {i + 1}
                </span>
                <span>{t(`home.steps.${step}`)}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section container" aria-labelledby="tiers-title">
        <h2 id="tiers-title" className="section__title">
          {t("home.tiersTitle")}
        </h2>
        <p className="section__lead">{t("home.tiersBody")}</p>
        <div className="tiers">
          {TIERS.map((tier) => (
            <article key={tier} className={`tier tier--${tier} card`} data-testid={`tier-${tier}`}>
              {tier === "gold" && <span className="tier__badge">{t("home.popular")}</span>}
              <span className="tier__gem" aria-hidden="true" />
              <h3>{t(`home.tiers.${tier}.name`)}</h3>
              <ul>
                {/* Benefits are one catalogue string per tier, separated by "|" */}
                {t(`home.tiers.${tier}.points`)
                  .split("|")
                  .map((point) => (
                    <li key={point}>
                      <CheckIcon />
                      {point}
                    </li>
                  ))}
              </ul>
              <Link to="/member" className={`btn btn--block ${tier === "gold" ? "btn--primary" : "btn--ghost"}`}>
                {t("home.tierCta")}
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section className="section container">
        <div className="cta-band">
          <div>
            <h2>{t("home.downloadTitle")}</h2>
            <p>{t("home.downloadBody")}</p>
            <p className="cta-band__platforms">{t("home.platforms")}</p>
          </div>
          <Link to="/download" className="btn btn--lg cta-band__btn">
            {t("home.downloadCta")}
          </Link>
        </div>
      </section>
    </div>
  );
}
