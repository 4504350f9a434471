/** Tailored models: payloads and answers (docs/api.md "Tailored models", docs/decisions/026). */

import type { Static } from "typebox";
import * as Type from "typebox";
import { Page } from "./common.ts";

/** shared/custom.ts CUSTOM_STATUSES and CUSTOM_STYLES (a unit test keeps them in step). */
export const CustomStatusSchema = Type.Union([
  Type.Literal("submitted"),
  Type.Literal("quoted"),
  Type.Literal("producing"),
  Type.Literal("delivered"),
  Type.Literal("rejected"),
  Type.Literal("cancelled"),
]);
export const CustomStyleSchema = Type.Union([
  Type.Literal("realistic"),
  Type.Literal("stylised"),
  Type.Literal("anime"),
  Type.Literal("cartoon"),
]);
const Status = CustomStatusSchema;
const Style = CustomStyleSchema;
const Currency = Type.Union([Type.Literal("CNY"), Type.Literal("USD")]);
const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

export const CustomSelectInit = Type.Object({
  styles: Type.Array(Type.Object({ value: Style, name: Type.String(), description: Type.String() })),
  budget: Type.Object({
    /** In the site's smallest unit (fen or cents), both included. */
    min: Type.Integer(),
    max: Type.Integer(),
    currency: Currency,
    symbol: Type.String(),
    ranges: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        min: Type.Integer(),
        max: Type.Union([Type.Integer(), Type.Null()]),
      }),
    ),
  }),
  /** Dates in the site's time zone; `min` and `max` are the first and last day one may choose. */
  deadline: Type.Object({
    today: Day,
    min: Day,
    max: Day,
    minDays: Type.Integer(),
    maxDays: Type.Integer(),
  }),
  photos: Type.Object({
    min: Type.Integer(),
    max: Type.Integer(),
    maxBytes: Type.Integer(),
    minWidth: Type.Integer(),
    minHeight: Type.Integer(),
    mimeTypes: Type.Array(Type.String()),
  }),
  descriptionMax: Type.Integer(),
  statuses: Type.Array(Type.Object({ value: Status, name: Type.String() })),
});
export type CustomSelectInit = Static<typeof CustomSelectInit>;

export const MyMadeBody = Type.Object({
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  /** One state only; absent: all. */
  status: Type.Optional(Status),
});
export type MyMadeBody = Static<typeof MyMadeBody>;

export const CustomRequestRecord = Type.Object({
  id: Type.String(),
  requestNo: Type.String(),
  status: Status,
  statusName: Type.String(),
  style: Style,
  styleName: Type.String(),
  sex: Type.Integer(),
  description: Type.String(),
  /** The user's budget and the studio's quote, in `currency`'s smallest unit. */
  budget: Type.Integer(),
  quoteAmount: Type.Union([Type.Integer(), Type.Null()]),
  currency: Currency,
  symbol: Type.String(),
  deadline: Day,
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  /** The delivered avatar, while it exists (the user may delete it later). */
  role: Type.Union([
    Type.Object({ id: Type.String(), name: Type.String(), img: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  /** The first reference photo. */
  cover: Type.Union([Type.String(), Type.Null()]),
  photoCount: Type.Integer(),
  canCancel: Type.Boolean(),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});
export type CustomRequestRecord = Static<typeof CustomRequestRecord>;

export const MyMadePage = Type.Object({ records: Type.Array(CustomRequestRecord), total: Type.Integer() });
export type MyMadePage = Static<typeof MyMadePage>;

export const CustomRequestDetail = Type.Object({
  ...CustomRequestRecord.properties,
  photos: Type.Array(Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() })),
  /** Each state the request has been in, oldest first. */
  history: Type.Array(
    Type.Object({ status: Status, statusName: Type.String(), at: Type.String({ format: "date-time" }) }),
  ),
});
export type CustomRequestDetail = Static<typeof CustomRequestDetail>;

export const CustomRequestIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type CustomRequestIdParams = Static<typeof CustomRequestIdParams>;
