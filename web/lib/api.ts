/**
 * The one API client. Every call goes through `request`, which adds the headers of spec section 7
 * (token, tracking ids, language), applies the 60 s timeout, and handles the envelope in one place
 * (section 8):
 *   - code 200                   -> resolves with data
 *   - code 600                   -> logout, go to the login page (the short-video one for source '5');
 *                                   embedded, tell the host instead (./hostLogout.ts)
 *   - any other code (also on an HTTP 4xx/5xx that carries the envelope)
 *                                -> error toast with the service message for 3 s
 *   - network, timeout, an HTTP error without an envelope
 *                                -> toast for 5 s with 'network error'
 * Which calls show no toast is decided by path in one place (./errorToasts.ts): the spec's
 * exempt list, plus background calls the user did not start. There is no per-call switch.
 * Failures reject with an ApiError, so callers (TanStack Query hooks) can still react.
 */

import { HEADERS, LOGOUT_CODE, REQUEST_TIMEOUT_MS, SUCCESS_CODE } from "../../shared/constants.ts";
import {
  type BodyOf,
  type Endpoint,
  fillPath,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from "../../shared/endpoint.ts";
import { toast } from "../components/toast/toastStore.ts";
import { showsErrorToast } from "./errorToasts.ts";
import { handOverLogout } from "./hostLogout.ts";
import { messageText } from "./i18n/index.ts";
import { currentPath, navigate } from "./navigation.ts";
import { effectiveLanguage, loginPathFor, useSession } from "./session.ts";

/** Codes the client gives failures that never reached an envelope. */
export const NETWORK_ERROR_CODE = -1;
export const TIMEOUT_CODE = -2;

export type ApiErrorKind = "business" | "logout" | "http" | "network" | "timeout";

export class ApiError extends Error {
  readonly code: number;
  readonly kind: ApiErrorKind;
  constructor(code: number, message: string, kind: ApiErrorKind) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.kind = kind;
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, or FormData for uploads (the browser then sets the multipart boundary). */
  body?: unknown;
  /** Cancels the call (TanStack Query passes one); a cancelled call shows nothing. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A file answer (not JSON) resolves as a FileAnswer; failures still come as the envelope. */
  binary?: boolean;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

const BASE = "/";

/** What a call with `binary` resolves with on a file answer: its bytes and Content-Disposition. */
export interface FileAnswer {
  blob: Blob;
  disposition: string | null;
}

function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const url = `${BASE}${path.replace(/^\//, "")}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function buildHeaders(body: unknown): Headers {
  const state = useSession.getState();
  const headers = new Headers();
  if (state.token) headers.set(HEADERS.authorization, state.token);
  headers.set(HEADERS.webId, state.webId);
  headers.set(HEADERS.ssid, state.ssid);
  headers.set(HEADERS.language, effectiveLanguage(state));
  if (body !== undefined && !(body instanceof FormData)) headers.set("content-type", "application/json");
  return headers;
}

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === "object" && value !== null && typeof (value as Envelope<unknown>).code === "number";

/** Code 600: the token is missing, expired or revoked. */
function logoutAndRedirect(message: string, silent: boolean): void {
  const session = useSession.getState();
  // Read the user's source before logout clears it: it decides which login page.
  const target = loginPathFor();
  const wasLoggedIn = session.token !== null;
  session.logout();
  // Per mode: embedded (a host, the iOS wrapper), the host takes the user to its login instead.
  if (handOverLogout()) return;
  if (wasLoggedIn && !silent) toast.error(message);
  if (currentPath() !== target) navigate(target);
}

function networkMessage(serviceMessage?: string): string {
  return serviceMessage || messageText("networkError");
}

/** The empty object type: `Empty extends T` holds when T has no required key. */
type Empty = Record<never, never>;

/** A key the input needs when its schema has required fields, may have when not, and lacks without a schema. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of an endpoint-table entry takes: its path parameters, query and body, typed by its schemas. */
export type EndpointInput<E extends Endpoint> = Part<"params", ParamsOf<E>> &
  Part<"query", QueryOf<E>> &
  Part<"body", E extends { multipart: true } ? FormData : BodyOf<E>> &
  Pick<RequestOptions, "signal" | "timeoutMs">;

/** The input may be left out when nothing in it is required. */
type InputArgs<E extends Endpoint> =
  Empty extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

function resolve(target: string | Endpoint, options: object = {}) {
  if (typeof target === "string") return { path: target, ...(options as RequestOptions) };
  const input = options as { params?: Record<string, unknown>; query?: object; body?: unknown };
  return {
    ...(options as RequestOptions),
    path: fillPath(target.path, input.params),
    method: target.method,
    query: input.query as RequestOptions["query"],
  };
}

/**
 * One call, answering the success envelope's data and its (localised) message, e.g. 'Saved'.
 * Takes an entry of the endpoint table (shared/endpoints.ts), which types its input and answer;
 * a path string still works for calls outside the table.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...input: InputArgs<E>
): Promise<{ data: ResponseOf<E>; message: string }>;
export function call<T>(path: string, options?: RequestOptions): Promise<{ data: T; message: string }>;
export async function call(target: string | Endpoint, options?: object): Promise<{ data: unknown; message: string }> {
  const {
    path,
    method = "GET",
    query,
    body,
    signal,
    timeoutMs = REQUEST_TIMEOUT_MS,
    binary,
  } = resolve(target, options);
  const silent = !showsErrorToast(path);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener("abort", onCallerAbort);

  const fail = (error: ApiError): never => {
    if (!silent) {
      if (error.kind === "business" || error.kind === "http") toast.error(error.message);
      else if (error.kind !== "logout") toast.network(error.message);
    }
    throw error;
  };

  let response: Response;
  let payload: unknown = null;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: buildHeaders(body),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: "include",
      signal: controller.signal,
    });
    if (binary && response.ok && !response.headers.get("content-type")?.includes("json")) {
      const file: FileAnswer = {
        blob: await response.blob(),
        disposition: response.headers.get("content-disposition"),
      };
      return { data: file, message: "" };
    }
    try {
      payload = await response.json();
    } catch (error) {
      if (controller.signal.aborted) throw error;
      // A proxy's HTML error page or an empty body: handled below as an HTTP failure.
    }
  } catch (error) {
    // The caller gave up (page left, query cancelled): not a failure worth telling the user about.
    if (signal?.aborted && !timedOut) throw error;
    if (timedOut) return fail(new ApiError(TIMEOUT_CODE, networkMessage(), "timeout"));
    return fail(new ApiError(NETWORK_ERROR_CODE, networkMessage(), "network"));
  } finally {
    // The timeout covers the whole answer, body included.
    clearTimeout(timer);
    signal?.removeEventListener("abort", onCallerAbort);
  }

  if (isEnvelope(payload) && payload.code === LOGOUT_CODE) {
    logoutAndRedirect(payload.message, silent);
    throw new ApiError(LOGOUT_CODE, payload.message, "logout");
  }
  if (!response.ok) {
    // A service answer that came with an HTTP error (a 429, say) is still a service message: 3 s.
    if (isEnvelope(payload)) return fail(new ApiError(payload.code, payload.message, "http"));
    return fail(new ApiError(response.status, networkMessage(), "network"));
  }
  if (!isEnvelope(payload)) return fail(new ApiError(NETWORK_ERROR_CODE, networkMessage(), "network"));
  if (payload.code !== SUCCESS_CODE) return fail(new ApiError(payload.code, payload.message, "business"));
  return { data: payload.data, message: payload.message };
}

/** One call, answering the success envelope's data (see `call`). */
export function request<E extends Endpoint>(endpoint: E, ...input: InputArgs<E>): Promise<ResponseOf<E>>;
export function request<T>(path: string, options?: RequestOptions): Promise<T>;
export async function request(target: string | Endpoint, options?: object): Promise<unknown> {
  return (await call(target as string, options as RequestOptions)).data;
}
