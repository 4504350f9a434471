import type { Static } from "typebox";
import * as Type from "typebox";
import { Page } from "./common.ts";

export const FileData = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  url: Type.String(),
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type FileData = Static<typeof FileData>;

export const FileIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type FileIdParams = Static<typeof FileIdParams>;

export const FileListQuery = Type.Object({
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type FileListQuery = Static<typeof FileListQuery>;

export const FileListData = Type.Object({ records: Type.Array(FileData), total: Type.Integer() });
export type FileListData = Static<typeof FileListData>;
