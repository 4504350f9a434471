/**
 * The client's own page (http://127.0.0.1:<port>/): the Avalive server it talks to, the login,
 * the plan in use (and, for the cloud variant, the cloud hours), and how to add the scene to OBS.
 * No 3D here: the preview is the scene page in a frame.
 */

import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import type { PlanInfo } from "../../shared/schemas/plans.ts";
import {
  CLIENT_LANGUAGES,
  type ClientLanguage,
  type ClientStrings,
  fill,
  pickLanguage,
  STRINGS,
} from "../common/i18n.ts";
import {
  fetchPlan,
  fetchState,
  fetchVip,
  LAUNCHER_CODE,
  type LauncherState,
  launcher,
  type VipSummary,
} from "../common/launcher.ts";

/** The plan and the hours follow the website: a plan used there shows here within this time. */
const REFRESH_MS = 15_000;

function LanguagePicker({
  value,
  onChange,
  s,
}: {
  value: ClientLanguage;
  onChange(l: ClientLanguage): void;
  s: ClientStrings;
}) {
  return (
    <fieldset className="langs">
      <legend className="sr-only">{s.language}</legend>
      {CLIENT_LANGUAGES.map((l) => (
        <button key={l} type="button" aria-pressed={l === value} onClick={() => onChange(l)}>
          {STRINGS[l].languageName}
        </button>
      ))}
    </fieldset>
  );
}

function ServerCard({
  state,
  s,
  language,
  onChanged,
}: {
  state: LauncherState;
  s: ClientStrings;
  language: ClientLanguage;
  onChanged(next: LauncherState): void;
}) {
  const [up, setUp] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(state.server);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again when the address changes
  useEffect(() => {
    let live = true;
    const check = () => void launcher("health", language).then((a) => live && setUp(a.code === LAUNCHER_CODE.ok));
    check();
    const timer = setInterval(check, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [language, state.server]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\/\S+$/.test(value.trim())) return setError(s.serverInvalid);
    const answer = await launcher<LauncherState>("settings", language, { server: value.trim() });
    if (answer.code !== LAUNCHER_CODE.ok || !answer.data) return setError(s.serverInvalid);
    setError(null);
    setEditing(false);
    onChanged(answer.data);
  };

  return (
    <section className="card" aria-labelledby="server-title">
      <h2 id="server-title">{s.serverTitle}</h2>
      {editing ? (
        <form className="row" onSubmit={save} noValidate>
          <label className="sr-only" htmlFor={inputId}>
            {s.serverTitle}
          </label>
          <input
            id={inputId}
            type="url"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          <button type="submit" className="btn">
            {s.serverSave}
          </button>
        </form>
      ) : (
        <p className="row">
          <code data-testid="client-server">{state.server}</code>
          <span className={`status status--${up === null ? "wait" : up ? "up" : "down"}`}>
            {up === null ? s.loading : up ? s.serverOk : s.serverDown}
          </span>
          {!state.serverFixed && !state.account && (
            <button type="button" className="link" onClick={() => setEditing(true)}>
              {s.serverChange}
            </button>
          )}
        </p>
      )}
      {error && <p className="error">{error}</p>}
      <p className="muted">{state.serverFixed ? s.serverFixed : s.serverHelp}</p>
    </section>
  );
}

function LoginCard({
  state,
  s,
  language,
  onLoggedIn,
}: {
  state: LauncherState;
  s: ClientStrings;
  language: ClientLanguage;
  onLoggedIn(next: LauncherState): void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), password: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(s.needEmail);
    if (!password) return setError(s.needPassword);
    setBusy(true);
    const answer = await launcher<LauncherState>("login", language, { email: email.trim(), password });
    setBusy(false);
    if (answer.code === LAUNCHER_CODE.ok && answer.data) {
      setPassword("");
      return onLoggedIn(answer.data);
    }
    setError(
      answer.code === LAUNCHER_CODE.unreachable ? fill(s.unreachable, { server: state.server }) : answer.message,
    );
  };

  return (
    <section className="card" aria-labelledby="login-title">
      <h2 id="login-title">{s.loginTitle}</h2>
      <form className="form" onSubmit={submit} noValidate data-testid="client-login">
        <label htmlFor={ids.email}>{s.email}</label>
        <input
          id={ids.email}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor={ids.password}>{s.password}</label>
        <input
          id={ids.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? s.loggingIn : s.loginButton}
        </button>
      </form>
      <p className="muted">
        {s.loginHint}{" "}
        <a href={`${state.server}/forget`} target="_blank" rel="noreferrer">
          {s.forgot}
        </a>
      </p>
    </section>
  );
}

function formatDate(iso: string, language: ClientLanguage) {
  return new Date(iso).toLocaleDateString(STRINGS[language].htmlLang, { dateStyle: "medium" });
}

function AccountCards({
  state,
  s,
  language,
  onLoggedOut,
}: {
  state: LauncherState;
  s: ClientStrings;
  language: ClientLanguage;
  onLoggedOut(next: LauncherState): void;
}) {
  const [plan, setPlan] = useState<PlanInfo | null | undefined>(undefined);
  const [vip, setVip] = useState<VipSummary | null>(null);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const [p, v] = await Promise.all([fetchPlan(language), fetchVip(language)]);
      if (!live) return;
      if (p.code === LAUNCHER_CODE.notLoggedIn) return onLoggedOut({ ...state, account: null });
      if (p.code === LAUNCHER_CODE.ok) setPlan(p.data ?? null);
      if (v.code === LAUNCHER_CODE.ok) setVip(v.data);
    };
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [language, state, onLoggedOut]);

  const logout = async () => {
    const answer = await launcher<LauncherState>("logout", language, {});
    onLoggedOut(answer.data ?? { ...state, account: null });
  };

  const minutes = vip?.cloudHours.balanceMinutes ?? 0;
  return (
    <>
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">{s.accountTitle}</h2>
        <p data-testid="client-account">{fill(s.loggedInAs, { email: state.account?.email ?? "" })}</p>
        <p className="muted">
          {fill(s.membership, {
            value: vip?.current
              ? fill(s.membershipUntil, {
                  tier: vip.current.tierName,
                  date: formatDate(vip.current.expiresAt, language),
                })
              : s.noMembership,
          })}
        </p>
        <button type="button" className="btn" onClick={logout}>
          {s.logout}
        </button>
      </section>
      <section className="card" aria-labelledby="plan-title" data-testid="client-plan">
        <h2 id="plan-title">{s.planTitle}</h2>
        {plan === undefined ? (
          <p aria-busy="true">{s.loading}</p>
        ) : plan ? (
          <>
            <p className="plan-name" data-testid="client-plan-name">
              {plan.name}
            </p>
            <p className="muted">
              {fill(s.planHolds, {
                outfits: plan.outfits.length,
                pets: plan.pets.length,
                effects: plan.effects.length,
              })}
            </p>
          </>
        ) : (
          <>
            <p>{s.noPlan}</p>
            <a className="btn" href={`${state.server}/workbench/myplan`} target="_blank" rel="noreferrer">
              {s.openMyPlans}
            </a>
          </>
        )}
      </section>
      {state.variant === "cloud" && (
        <section className="card" aria-labelledby="hours-title" data-testid="client-hours">
          <h2 id="hours-title">{s.hoursTitle}</h2>
          <p className="hours">{fill(s.hoursValue, { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}</p>
          <p className="muted">{s.hoursNote}</p>
        </section>
      )}
    </>
  );
}

function ObsCard({ state, s }: { state: LauncherState; s: ClientStrings }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(state.sceneUrl);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // no clipboard (an insecure context): the address is there to select
    }
  };
  return (
    <section className="card card--wide" aria-labelledby="obs-title">
      <h2 id="obs-title">{s.obsTitle}</h2>
      <ol className="steps">
        <li>{s.obsStep1}</li>
        <li>
          {s.obsStep2}
          <span className="row">
            <code data-testid="client-scene-url">{state.sceneUrl}</code>
            <button type="button" className="btn" onClick={copy} aria-live="polite">
              {copied ? s.copied : s.copy}
            </button>
          </span>
        </li>
        <li>{s.obsStep3}</li>
        <li>{s.obsStep4}</li>
      </ol>
      <p className="muted">{state.variant === "local" ? s.renderingLocal : s.renderingCloud}</p>
      <a className="btn btn--primary" href="/scene/" target="_blank" rel="noreferrer">
        {s.openScene}
      </a>
    </section>
  );
}

export function ControlApp() {
  const [state, setState] = useState<LauncherState | null>(null);
  const [down, setDown] = useState(false);
  const [language, setLanguage] = useState<ClientLanguage>(() => pickLanguage(null, navigator.languages));
  const s = STRINGS[language];

  // biome-ignore lint/correctness/useExhaustiveDependencies: once; later language changes come from the picker
  useEffect(() => {
    void fetchState(language).then((answer) => {
      if (answer.code !== LAUNCHER_CODE.ok || !answer.data) return setDown(true);
      setState(answer.data);
      if (answer.data.language) setLanguage(answer.data.language);
    });
  }, []);

  useEffect(() => {
    document.documentElement.lang = s.htmlLang;
    document.title = `${s.title} · ${state ? s.variant[state.variant] : ""}`;
  }, [s, state]);

  const choose = (next: ClientLanguage) => {
    setLanguage(next);
    void launcher("settings", next, { language: next });
  };
  const loggedOut = useCallback((next: LauncherState) => setState(next), []);

  return (
    <div className="shell">
      <header className="top">
        <div>
          <p className="brand">Avalive</p>
          <h1>
            {s.title}
            {state && <span className="badge">{s.variant[state.variant]}</span>}
          </h1>
          {state && <p className="muted">{fill(s.version, { version: state.version })}</p>}
        </div>
        <LanguagePicker value={language} onChange={choose} s={s} />
      </header>
      {down && (
        <p className="error" role="alert">
          {s.launcherDown}
        </p>
      )}
      {state && (
        <main className="grid">
          <ServerCard state={state} s={s} language={language} onChanged={setState} />
          {state.account ? (
            <AccountCards state={state} s={s} language={language} onLoggedOut={loggedOut} />
          ) : (
            <LoginCard state={state} s={s} language={language} onLoggedIn={setState} />
          )}
          <ObsCard state={state} s={s} />
          {state.account && (
            <section className="card card--wide" aria-labelledby="preview-title">
              <h2 id="preview-title">{s.previewTitle}</h2>
              <iframe className="preview" src={`/scene/?lang=${language}`} title={s.previewTitle} />
            </section>
          )}
        </main>
      )}
    </div>
  );
}
